import type { Post } from '@app/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Heart, MessageCircle, RefreshCw, TriangleAlert, Video, Volume2, VolumeX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AppToaster } from '@/components/app-toaster';
import { Notice } from '@/components/notice';
import { Sheet } from '@/components/sheet';
import { paths } from '@/config/paths';
import { abbreviateCount } from '@/lib/format';
import { mediaUrl } from '@/lib/media';
import { useSession } from '@/lib/session';
import { CommentThread } from './comment-thread';
import { setLike, shortsQuery } from './content.api';
import { contentMessages as m, shortsMessages as s } from './messages';
import { ShareMenu } from './share-menu';
import './content.css';

/** Spec: the slide at least half visible plays; replies indent 20 px in the shorts view. */
export const AUTOPLAY_VISIBLE_RATIO = 0.5;
export const SHORTS_INDENT_PX = 20;

function ShortSlide({ post, muted, onToggleMute }: { post: Post; muted: boolean; onToggleMute: () => void }) {
  const { isMember } = useSession();
  const navigate = useNavigate();
  const slide = useRef<HTMLElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const [like, setLikeState] = useState({ liked: post.is_liked, count: post.likes_count });
  const [busy, setBusy] = useState(false);
  const [commentsOpen, setCommentsOpen] = useState(false);
  const media = post.media.find((x) => x.media_type === 'video');
  const src = mediaUrl(media?.file_path);

  useEffect(() => {
    const el = slide.current;
    const v = video.current;
    if (!el || !v || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry && entry.intersectionRatio >= AUTOPLAY_VISIBLE_RATIO) v.play().catch(() => undefined);
        else v.pause();
      },
      { threshold: [0, AUTOPLAY_VISIBLE_RATIO, 1] },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const toggleLike = async () => {
    if (!isMember) {
      window.alert(m.loginToLike);
      navigate(paths.login.getHref());
      return;
    }
    if (busy) return;
    const before = like;
    const next = !like.liked;
    setLikeState({ liked: next, count: Math.max(0, like.count + (next ? 1 : -1)) });
    setBusy(true);
    try {
      const state = await setLike(post.id, next);
      setLikeState({ liked: state.is_liked, count: state.likes_count });
    } catch {
      setLikeState(before);
      window.alert(m.likeFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section ref={slide} className="short" aria-label={post.title} data-post-id={post.id}>
      {src ? (
        <video
          ref={video}
          className="short-video"
          src={src}
          poster={mediaUrl(media?.thumbnail_url ?? post.thumbnail_url) ?? undefined}
          muted={muted}
          loop
          playsInline
          preload="metadata"
          onClick={onToggleMute}
        />
      ) : null}
      <button type="button" className="short-mute" aria-pressed={!muted} onClick={onToggleMute}>
        {muted ? <VolumeX size={20} aria-hidden="true" /> : <Volume2 size={20} aria-hidden="true" />}
        <span className="visually-hidden">{muted ? s.unmute : s.mute}</span>
      </button>
      <div className="short-info">
        <Link to={paths.merchantChannel.getHref(post.author.id)} className="short-author">
          @{post.author.username}
        </Link>
        <Link to={paths.contentDetail.getHref(post.id)} className="short-title">
          {post.title}
        </Link>
      </div>
      <div className="short-actions">
        <button
          type="button"
          className={like.liked ? 'short-action liked' : 'short-action'}
          aria-pressed={like.liked}
          onClick={toggleLike}
        >
          <Heart size={26} aria-hidden="true" fill={like.liked ? 'currentColor' : 'none'} />
          <span className="visually-hidden">{m.like}</span>
          <span className="tabular short-count">{abbreviateCount(like.count)}</span>
        </button>
        <button type="button" className="short-action" onClick={() => setCommentsOpen(true)}>
          <MessageCircle size={26} aria-hidden="true" />
          <span className="visually-hidden">{s.comments}</span>
          <span className="tabular short-count">{abbreviateCount(post.comments_count)}</span>
        </button>
        {/* The app's sheet: from the bottom on a phone (as comment sheets are), a card from 640 px. */}
        <Sheet open={commentsOpen} onOpenChange={setCommentsOpen} title={post.title} className="sheet-wide">
          <CommentThread postId={post.id} count={post.comments_count} indentPx={SHORTS_INDENT_PX} headingLevel={3} />
        </Sheet>
        <div className="short-share">
          <ShareMenu postId={post.id} title={post.title} text={post.content || post.title} />
        </div>
      </div>
    </section>
  );
}

/** `/main?tab=video`: the vertical shorts feed, 5 at a time, more loaded near the end. */
export function ShortsTab() {
  const feed = useInfiniteQuery(shortsQuery);
  const [muted, setMuted] = useState(true);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = feed;

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry?.isIntersecting && !isFetchingNextPage) fetchNextPage();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (feed.isPending) {
    return (
      <div className="shorts" role="status" aria-live="polite">
        <span className="visually-hidden">{m.loading}</span>
        <div className="skeleton short" />
      </div>
    );
  }
  if (feed.isError) {
    return (
      <Notice
        level={2}
        role="alert"
        icon={<TriangleAlert size={30} />}
        title={s.failed}
        actions={
          <button type="button" className="btn btn-primary" onClick={() => feed.refetch()}>
            <RefreshCw size={18} aria-hidden="true" />
            {m.retry}
          </button>
        }
      />
    );
  }
  const posts = feed.data.pages.flatMap((p) => p.posts);
  if (posts.length === 0) {
    return (
      <Notice level={2} icon={<Video size={30} />} title={s.emptyTitle}>
        <p>{s.emptyText}</p>
      </Notice>
    );
  }
  return (
    <section className="shorts" aria-label={s.label}>
      <h2 className="visually-hidden">{s.label}</h2>
      {posts.map((post) => (
        <ShortSlide key={post.id} post={post} muted={muted} onToggleMute={() => setMuted((v) => !v)} />
      ))}
      <div ref={sentinel} className="shorts-sentinel">
        {isFetchingNextPage ? <span className="visually-hidden">{s.loadingMore}</span> : null}
      </div>
      <AppToaster />
    </section>
  );
}
