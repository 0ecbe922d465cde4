import { type RefObject, useCallback, useEffect, useState } from 'react';

/**
 * After a refused submit, brings the first field in error (in the order the form shows them) to the
 * middle of its scrolling box and focuses it, so its message is in view: react-hook-form's own
 * focus follows the order fields were registered in and scrolls only until the input shows, which
 * in a sheet leaves the message under its sticky pay bar. Use with `shouldFocusError: false` and
 * call the returned function as the submit's invalid handler.
 */
export function useFocusFirstError(form: RefObject<HTMLFormElement | null>): () => void {
  const [request, setRequest] = useState(0);
  // After the render that shows the messages (aria-invalid is set by then).
  useEffect(() => {
    if (request === 0) return;
    const field = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    field.scrollIntoView?.({ block: 'center' });
    field.focus({ preventScroll: true });
  }, [request, form]);
  return useCallback(() => setRequest((n) => n + 1), []);
}
