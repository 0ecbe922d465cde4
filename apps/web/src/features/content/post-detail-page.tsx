import type { Post } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Eye, FileX, Heart, MessageCircle, Pencil, RefreshCw, Trash2, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { AppToaster, toast } from '@/components/app-toaster';
import { BackButton } from '@/components/back-button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Notice } from '@/components/notice';
import { paths } from '@/config/paths';
import { isNotFound } from '@/lib/api-client';
import { authorName } from '@/lib/author-name';
import { formatLocaleDate, formatPostDate } from '@/lib/dates';
import { abbreviateCount } from '@/lib/format';
import { mediaUrl } from '@/lib/media';
import { useSession } from '@/lib/session';
import { useTenant } from '@/lib/tenant';
import { excerpt } from '@/lib/text';
import { CommentThread } from './comment-thread';
import { contentKeys, deletePost, postDetailQuery, setLike } from './content.api';
import { contentMessages as m } from './messages';
import { ShareMenu } from './share-menu';
import { useDelayedFlag } from './use-delayed-flag';
import './content.css';

/** Spec: the page meta description is cut at 160 characters; loading shows after 300 ms. */
export const META_DESCRIPTION_LENGTH = 160;
export const LOADING_DELAY_MS = 300;

/** Sets `<meta name="description">` while the page is open and restores the previous text after. */
function useMetaDescription(text: string | undefined) {
  useEffect(() => {
    if (text === undefined) return;
    let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !tag;
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.appendChild(tag);
    }
    const previous = tag.content;
    tag.content = excerpt(text, META_DESCRIPTION_LENGTH, '...');
    return () => {
      if (created) tag.remove();
      else tag.content = previous;
    };
  }, [text]);
}

function PostMedia({ post }: { post: Post }) {
  if (post.media.length === 0) return null;
  return (
    <div className="post-media">
      {post.media.map((item, i) => {
        const src = mediaUrl(item.file_path);
        if (!src) return null;
        return item.media_type === 'video' ? (
          // biome-ignore lint/a11y/useMediaCaption: user videos come without caption tracks
          <video
            key={item.id}
            className="post-media-item"
            src={src}
            poster={mediaUrl(item.thumbnail_url ?? item.thumbnail_path) ?? undefined}
            controls
            playsInline
            preload="metadata"
          />
        ) : (
          // The first picture is the page's largest element: it loads at once, ahead of the rest.
          <img
            key={item.id}
            className="post-media-item"
            src={src}
            alt={item.file_name ?? ''}
            loading={i === 0 ? 'eager' : 'lazy'}
            fetchPriority={i === 0 ? 'high' : 'auto'}
          />
        );
      })}
    </div>
  );
}

function LikeButton({ post }: { post: Post }) {
  const { isMember } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const like = useMutation({
    mutationFn: (liked: boolean) => setLike(post.id, liked),
    onSuccess: (state) => {
      queryClient.setQueryData<Post>(contentKeys.detail(post.id), (old) =>
        old ? { ...old, is_liked: state.is_liked, likes_count: state.likes_count } : old,
      );
    },
    onError: () => toast.error(m.likeFailed),
  });
  return (
    <button
      type="button"
      className={post.is_liked ? 'btn btn-outline like-button liked' : 'btn btn-outline like-button'}
      aria-pressed={post.is_liked}
      disabled={like.isPending}
      onClick={() => {
        if (!isMember) {
          window.alert(m.loginToLike);
          navigate(paths.login.getHref());
          return;
        }
        like.mutate(!post.is_liked);
      }}
    >
      <Heart size={18} aria-hidden="true" fill={post.is_liked ? 'currentColor' : 'none'} />
      <span className="visually-hidden">{post.is_liked ? m.unlike : m.like}</span>
      <span className="tabular" data-testid="likes-count">
        {abbreviateCount(post.likes_count)}
      </span>
    </button>
  );
}

function PostView({ post }: { post: Post }) {
  const { user } = useSession();
  const { displayName } = useTenant();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const isAuthor = !!user && user.id === post.author_id;
  const avatar = mediaUrl(post.author.profile_image);
  const author = authorName(post.author);
  const remove = useMutation({
    mutationFn: () => deletePost(post.id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: contentKeys.detail(post.id) });
      queryClient.invalidateQueries({ queryKey: contentKeys.all });
      navigate(paths.main.getHref('post'), { replace: true });
    },
    onError: (err) => toast.error(err instanceof Error && err.message ? err.message : m.deleteFailed),
  });

  useEffect(() => {
    document.title = `${post.title} | ${displayName}`;
    return () => {
      document.title = displayName;
    };
  }, [post.title, displayName]);
  useMetaDescription(post.content || post.title);

  return (
    <article className="container page post-detail">
      <header className="post-detail-head">
        {post.is_announcement ? <span className="post-badge">{m.announcement}</span> : null}
        <h1 className="post-detail-title">{post.title}</h1>
        <div className="post-detail-meta">
          <Link to={paths.merchantChannel.getHref(post.author.id)} className="post-detail-author">
            <span className="avatar" aria-hidden="true">
              {avatar ? <img src={avatar} alt="" /> : author.slice(0, 1)}
            </span>
            {author}
          </Link>
          <time dateTime={post.created_at} title={formatLocaleDate(post.created_at)}>
            {formatPostDate(post.created_at)}
          </time>
          <span className="post-detail-views tabular">
            <Eye size={16} aria-hidden="true" />
            <span className="visually-hidden">{m.views}</span> {abbreviateCount(post.views_count)}
          </span>
        </div>
      </header>
      <PostMedia post={post} />
      <div className="post-detail-content">{post.content}</div>
      <div className="post-detail-actions">
        <LikeButton post={post} />
        <span className="post-detail-count tabular">
          <MessageCircle size={18} aria-hidden="true" />
          <span className="visually-hidden">{m.comments}</span> {abbreviateCount(post.comments_count)}
        </span>
        <span className="post-detail-spacer" />
        <ShareMenu postId={post.id} title={post.title} text={post.content || post.title} />
        {isAuthor ? (
          <>
            <Link to={paths.contentEdit.getHref(post.id)} className="btn btn-outline">
              <Pencil size={18} aria-hidden="true" />
              {m.edit}
            </Link>
            <button type="button" className="btn btn-outline btn-danger-outline" onClick={() => setConfirmOpen(true)}>
              <Trash2 size={18} aria-hidden="true" />
              {m.delete}
            </button>
          </>
        ) : null}
      </div>
      <CommentThread postId={post.id} count={post.comments_count} />
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title={m.deletePostTitle}
        text={m.deletePostText}
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </article>
  );
}

/** `/content/{id}`: loading (after 300 ms), not found, load failure, or the post. */
export default function PostDetailPage() {
  const { id } = useParams();
  const postId = Number(id);
  const valid = Number.isInteger(postId) && postId > 0;
  const detail = useQuery({ ...postDetailQuery(postId), enabled: valid });
  const showLoading = useDelayedFlag(detail.isPending && valid, LOADING_DELAY_MS);

  let body: React.ReactNode;
  if (!valid || (detail.isError && isNotFound(detail.error))) {
    body = (
      <div className="container page">
        <Notice
          icon={<FileX size={30} />}
          title={m.notFound}
          role="alert"
          actions={<BackButton fallback={paths.main.getHref('post')} />}
        >
          <p>{m.notFoundText}</p>
        </Notice>
      </div>
    );
  } else if (detail.isError) {
    body = (
      <div className="container page">
        <Notice
          icon={<TriangleAlert size={30} />}
          title={m.loadFailed}
          role="alert"
          actions={
            <>
              <BackButton fallback={paths.main.getHref('post')} />
              <button type="button" className="btn btn-primary" onClick={() => detail.refetch()}>
                <RefreshCw size={18} aria-hidden="true" />
                {m.retry}
              </button>
            </>
          }
        >
          <p>{m.loadFailedText}</p>
        </Notice>
      </div>
    );
  } else if (detail.isPending) {
    body = showLoading ? (
      <div className="container page post-detail" role="status" aria-live="polite">
        <span className="visually-hidden">{m.loading}</span>
        <div className="skeleton" style={{ height: 32, width: '60%', marginBottom: 16 }} />
        <div className="skeleton" style={{ height: 320 }} />
      </div>
    ) : null;
  } else {
    body = <PostView post={detail.data} />;
  }
  return (
    <>
      <main id="main">{body}</main>
      <AppToaster />
    </>
  );
}
