import { useState } from 'react';

/**
 * Whether an overlay's content (a dialog, menu or popover) should be rendered: from its first
 * opening on, so it can still animate out, and not before. A closed Radix overlay still mounts its
 * portal and presence, which update themselves as soon as they are on the page; a dozen of them on
 * a screen the app takes over from the server made a slow phone's longest task.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Remembered during rendering (React's pattern for state that follows a prop), not in an effect.
  if (open && !opened) setOpened(true);
  return open || opened;
}
