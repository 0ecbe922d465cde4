import type { ContentItem, PostMedia } from '@app/contracts';
import { Eye, Heart, MessageCircle, Play } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/components/app-toaster';
import { paths } from '@/config/paths';
import { formatPostDate } from '@/lib/dates';
import { abbreviateCount } from '@/lib/format';
import { mediaUrl } from '@/lib/media';
import { useSession } from '@/lib/session';
import { excerpt } from '@/lib/text';
import { useDashboardParts } from './dashboard-parts';
import { LoadMore } from './list-states';
import { dashboardText as m } from './messages';

/** Spec 9: the dashboard shows the first 150 characters of a post. */
export const POST_EXCERPT_CHARS = 150;
/** Media shown under a post before the '+N' marker. */
export const POST_MEDIA_SHOWN = 2;

function mediaPreview(media: PostMedia): string | undefined {
  return media.media_type === 'video'
    ? mediaUrl(media.thumbnail_url ?? media.thumbnail_path)
    : mediaUrl(media.thumbnail_url ?? media.file_path);
}

/**
 * Likes flip at once and follow the server's answer; a failed call puts them back and says so.
 */
function LikeButton({ post }: { post: ContentItem }) {
  const { setLike } = useDashboardParts();
  const { isMember } = useSession();
  const navigate = useNavigate();
  const [state, setState] = useState({ liked: post.is_liked, count: post.likes_count });
  const [pending, setPending] = useState(false);

  async function toggle() {
    if (!isMember) {
      window.alert(m.loginToLike);
      navigate(paths.login.getHref());
      return;
    }
    if (pending) return;
    const before = state;
    const liked = !before.liked;
    setState({ liked, count: Math.max(0, before.count + (liked ? 1 : -1)) });
    setPending(true);
    try {
      const answer = await setLike(post.id, liked);
      setState({ liked: answer.is_liked, count: answer.likes_count });
    } catch {
      setState(before);
      toast.error(m.likeFailed);
    } finally {
      setPending(false);
    }
  }

  return (
    <button
      type="button"
      className={state.liked ? 'dash-action is-liked' : 'dash-action'}
      aria-pressed={state.liked}
      onClick={toggle}
    >
      <Heart size={18} aria-hidden="true" fill={state.liked ? 'currentColor' : 'none'} />
      <span className="visually-hidden">{m.like}</span>
      <span className="tabular" data-testid="likes-count">
        {abbreviateCount(state.count)}
      </span>
    </button>
  );
}

/** One post of the posts, videos and notices tabs (spec part 3, "Posts tab"). */
export function PostItem({ post }: { post: ContentItem }) {
  const { ShareButton } = useDashboardParts();
  const href = paths.contentDetail.getHref(post.id);
  const avatar = mediaUrl(post.author.profile_image);
  const thumbnail = mediaUrl(post.thumbnail_url);
  const shown = post.media.slice(0, POST_MEDIA_SHOWN);
  const extra = Math.max(0, post.media_count - shown.length);
  const titleId = `dash-post-${post.id}`;

  return (
    <article className="card dash-post" aria-labelledby={titleId}>
      <header className="dash-post-head">
        <span className="avatar is-medium" aria-hidden="true">
          {avatar ? <img src={avatar} alt="" loading="lazy" /> : post.author.username.slice(0, 1)}
        </span>
        <span className="dash-post-author">{post.author.username}</span>
        <time className="dash-muted" dateTime={post.created_at}>
          {formatPostDate(post.created_at)}
        </time>
        {post.is_announcement ? <span className="dash-badge">{m.announcement}</span> : null}
      </header>
      <Link to={href} className="dash-post-main">
        <div className="dash-post-text">
          <h3 id={titleId} className="dash-post-title">
            {post.title}
          </h3>
          {post.content ? (
            <p className="dash-post-excerpt">{excerpt(post.content, POST_EXCERPT_CHARS, '...')}</p>
          ) : null}
          <span className="dash-read-more" aria-hidden="true">
            {m.readMore}
          </span>
        </div>
        {thumbnail ? (
          <span className="dash-post-thumb">
            <img src={thumbnail} alt="" loading="lazy" />
            {post.content_type === 'video' ? <Play size={22} aria-hidden="true" className="dash-play" /> : null}
          </span>
        ) : null}
      </Link>
      {shown.length > 0 ? (
        <ul className="dash-post-media">
          {shown.map((media, i) => {
            const src = mediaPreview(media);
            const last = i === shown.length - 1 && extra > 0;
            return (
              <li key={media.id} className="dash-media-cell">
                {src ? <img src={src} alt="" loading="lazy" /> : <span className="dash-media-empty" />}
                {last ? (
                  <span className="dash-media-more">
                    <span aria-hidden="true">{m.moreMedia(extra)}</span>
                    <span className="visually-hidden">{m.moreMediaSr(extra)}</span>
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      <footer className="dash-post-foot">
        <LikeButton post={post} />
        <Link to={href} className="dash-action">
          <MessageCircle size={18} aria-hidden="true" />
          <span className="visually-hidden">{m.comments}</span>
          <span className="tabular">{abbreviateCount(post.comments_count)}</span>
        </Link>
        <ShareButton postId={post.id} title={post.title} text={post.content} />
        <span className="dash-views dash-muted tabular">
          <Eye size={16} aria-hidden="true" />
          {m.views(abbreviateCount(post.views_count))}
        </span>
      </footer>
    </article>
  );
}

/** A paged list of posts, the next page loaded on reaching its end or on the "more" button. */
export function PostList({
  posts,
  list,
}: {
  posts: readonly ContentItem[];
  list: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
}) {
  return (
    <>
      <div className="dash-post-list">
        {posts.map((post) => (
          <PostItem key={post.id} post={post} />
        ))}
      </div>
      <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onLoadMore={() => list.fetchNextPage()} />
    </>
  );
}
