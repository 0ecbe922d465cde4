import { Link2, Share2 } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { toast } from '@/components/app-toaster';
import { copyText } from '@/lib/clipboard';
import { excerpt } from '@/lib/text';
import { useOpenedOnce } from '@/lib/use-opened-once';
import { contentMessages as m } from './messages';

/** Spec: share text is cut at 100 characters. */
export const SHARE_TEXT_LENGTH = 100;
export const COPY_TOAST_MS = 3000;

export function shareUrlFor(postId: number, origin: string = window.location.origin): string {
  return `${origin}/content/${postId}`;
}

/** The share targets of the menu (spec 2: Kakao Talk, Facebook, Twitter, Line). */
export function shareLinks(url: string, text: string) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(excerpt(text, SHARE_TEXT_LENGTH, '...'));
  return [
    { key: 'kakao', label: m.kakao, href: `https://sharer.kakao.com/talk/friends/picker/shorturl?url=${u}` },
    { key: 'facebook', label: m.facebook, href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { key: 'twitter', label: m.twitter, href: `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
    { key: 'line', label: m.line, href: `https://social-plugins.line.me/lineit/share?url=${u}&text=${t}` },
  ];
}

function isMobile(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(max-width: 768px), (pointer: coarse)').matches;
}

export async function copyLink(url: string): Promise<void> {
  try {
    await copyText(url);
    toast.success(m.linkCopied, { duration: COPY_TOAST_MS });
  } catch {
    toast.error(m.copyFailed, { duration: COPY_TOAST_MS });
  }
}

/** The open menu's items (drawn in the browser only: the address is the page's own). */
function ShareItems({ postId, text }: { postId: number; text: string }) {
  const url = shareUrlFor(postId);
  return (
    <>
      <button type="button" className="share-item" onClick={() => copyLink(url)}>
        <Link2 size={18} aria-hidden="true" />
        {m.copyLink}
      </button>
      {shareLinks(url, text).map((s) => (
        <a key={s.key} className="share-item" href={s.href} target="_blank" rel="noopener noreferrer">
          {s.label}
        </a>
      ))}
    </>
  );
}

/** Copy link and the share sites; on a phone with the Web Share API, the native sheet instead. */
export function ShareMenu({ postId, title, text }: { postId: number; title: string; text: string }) {
  const shareText = excerpt(text || title, SHARE_TEXT_LENGTH, '...');
  const [open, setOpen] = useState(false);
  const rendered = useOpenedOnce(open);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button
          type="button"
          className="btn btn-outline"
          onClick={(e) => {
            if (isMobile() && typeof navigator.share === 'function') {
              e.preventDefault();
              navigator.share({ title, text: shareText, url: shareUrlFor(postId) }).catch(() => undefined);
            }
          }}
        >
          <Share2 size={18} aria-hidden="true" />
          {m.share}
        </button>
      </Popover.Trigger>
      {rendered ? (
        <Popover.Portal>
          <Popover.Content className="share-menu" sideOffset={6} align="end" aria-label={m.shareMenu}>
            <ShareItems postId={postId} text={shareText} />
          </Popover.Content>
        </Popover.Portal>
      ) : null}
    </Popover.Root>
  );
}
