import { ArrowLeft } from 'lucide-react';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { routeMessages } from '@/messages/common';

/**
 * Whether going back stays on this site. React Router numbers the entries it makes in
 * `history.state.idx`: above 0, the entry before is one of the app's. At 0 the page was the first
 * of this document: the entry before is this site's only when the document was opened from one of
 * its pages (a same-origin referrer); otherwise it was a shared link, a bookmark or another site.
 * `history.length` counts the other sites of the tab too, and `location.key` stops being
 * 'default' after a redirect, so neither tells on its own.
 */
export function hasInAppHistory(
  state: unknown = window.history.state,
  referrer: string = document.referrer,
  length: number = window.history.length,
): boolean {
  const idx = (state as { idx?: unknown } | null)?.idx;
  if (typeof idx === 'number' && idx > 0) return true;
  return length > 1 && sameOrigin(referrer);
}

function sameOrigin(url: string): boolean {
  try {
    return url !== '' && new URL(url).origin === window.location.origin;
  } catch {
    return false;
  }
}

/** One step back in the app, or `fallback` (replacing the entry) when the page was opened directly. */
export function useGoBack(fallback = '/'): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    if (hasInAppHistory()) navigate(-1);
    else navigate(fallback, { replace: true });
  }, [navigate, fallback]);
}

/** "뒤로 가기": one step back, or `fallback` (home unless given) when there is no in-app page to return to. */
export function BackButton({ className = 'btn btn-outline', fallback }: { className?: string; fallback?: string }) {
  const goBack = useGoBack(fallback);
  return (
    <button type="button" className={className} onClick={goBack}>
      <ArrowLeft size={18} aria-hidden="true" />
      {routeMessages.back}
    </button>
  );
}
