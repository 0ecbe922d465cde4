import {
  COMMENT_CONTENT_MAX,
  type CommentGroup,
  postMessages,
  REPLY_DEPTH_MAX,
  REPLY_INDENT_PX,
  type ThreadComment,
} from '@app/contracts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { CornerDownRight, MessageSquare, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { paths } from '@/config/paths';
import { apiErrorCode } from '@/lib/api-client';
import { formatCommentDate } from '@/lib/dates';
import { mediaUrl } from '@/lib/media';
import { useSession } from '@/lib/session';
import { dashboardKeys, myCommentsQuery } from './dashboard.api';
import { useDashboardParts } from './dashboard-parts';
import { EmptyState, ErrorState, ListSkeleton, LoadMore } from './list-states';
import { dashboardText as m } from './messages';

/** A thread in reading order: each comment followed by its replies, depth kept for the indent. */
export function flattenThread(comments: readonly ThreadComment[]): ThreadComment[] {
  return comments.flatMap((c) => [c, ...flattenThread(c.replies)]);
}

function ReplyForm({ postId, parent, onDone }: { postId: number; parent: ThreadComment; onDone: () => void }) {
  const id = useId();
  const { addComment } = useDashboardParts();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const add = useMutation({
    mutationFn: (content: string) => addComment(postId, content, parent.id),
    onSuccess: () => {
      setText('');
      onDone();
      toast.success(m.replyAdded);
      queryClient.invalidateQueries({ queryKey: dashboardKeys.myComments });
      queryClient.invalidateQueries({ queryKey: dashboardKeys.stats });
    },
    onError: (err) => {
      if (apiErrorCode(err) === 'comment_depth_exceeded') window.alert(postMessages.commentDepthExceeded);
      else window.alert(m.replyFailed);
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const content = text.trim();
    // Empty or whitespace-only text is never sent (spec 5).
    if (!content || add.isPending) return;
    add.mutate(content);
  };

  return (
    <form className="dash-reply-form" onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {m.replyLabel(parent.comment_author?.username ?? m.deletedAuthor)}
      </label>
      <textarea
        id={id}
        className="dash-reply-input"
        rows={2}
        maxLength={COMMENT_CONTENT_MAX}
        placeholder={m.replyPlaceholder}
        value={text}
        // biome-ignore lint/a11y/noAutofocus: the reply box opens on the reader's request
        autoFocus
        onChange={(e) => setText(e.target.value)}
      />
      <div className="dash-reply-actions">
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          {m.cancel}
        </button>
        <button type="submit" className="btn btn-primary" disabled={!text.trim() || add.isPending}>
          {m.submitReply}
        </button>
      </div>
    </form>
  );
}

function CommentRow({
  postId,
  comment,
  replying,
  onReply,
  onDelete,
}: {
  postId: number;
  comment: ThreadComment;
  replying: boolean;
  onReply: (id: number | null) => void;
  onDelete: (comment: ThreadComment) => void;
}) {
  const { user, isMember } = useSession();
  const navigate = useNavigate();
  const author = comment.comment_author;
  const mine = !!user && !comment.is_deleted && author?.id === user.id;
  const canReply = !comment.is_deleted && comment.depth < REPLY_DEPTH_MAX;
  const avatar = mediaUrl(author?.profile_image);
  return (
    <li
      className="dash-comment"
      data-depth={comment.depth}
      data-comment-id={comment.id}
      style={{ marginLeft: comment.depth * REPLY_INDENT_PX }}
    >
      <div className="dash-comment-head">
        {comment.depth > 0 ? <CornerDownRight size={14} aria-hidden="true" className="dash-muted" /> : null}
        <span className="dash-avatar is-small" aria-hidden="true">
          {avatar ? <img src={avatar} alt="" loading="lazy" /> : (author?.username ?? '?').slice(0, 1)}
        </span>
        <strong className="dash-comment-author">{author?.username ?? m.deletedAuthor}</strong>
        <time dateTime={comment.created_at} className="dash-muted">
          {formatCommentDate(comment.created_at)}
        </time>
      </div>
      <p className={comment.is_deleted ? 'dash-comment-body is-deleted' : 'dash-comment-body'}>{comment.content}</p>
      <div className="dash-comment-actions">
        {canReply ? (
          <button
            type="button"
            className="dash-link-btn"
            aria-expanded={replying}
            onClick={() => {
              if (!isMember) {
                window.alert(m.loginToComment);
                navigate(paths.login.getHref());
                return;
              }
              onReply(replying ? null : comment.id);
            }}
          >
            {m.reply}
          </button>
        ) : null}
        {mine ? (
          <button type="button" className="dash-link-btn is-danger" onClick={() => onDelete(comment)}>
            <Trash2 size={14} aria-hidden="true" />
            {m.delete}
          </button>
        ) : null}
      </div>
      {replying ? <ReplyForm postId={postId} parent={comment} onDone={() => onReply(null)} /> : null}
    </li>
  );
}

function Group({
  group,
  replyTo,
  onReply,
  onDelete,
}: {
  group: CommentGroup;
  replyTo: number | null;
  onReply: (id: number | null) => void;
  onDelete: (comment: ThreadComment) => void;
}) {
  const post = group.post_info;
  return (
    <li className="card dash-group" data-post-id={post.id}>
      <header className="dash-group-head">
        <h3 className="dash-group-title">
          <Link to={paths.contentDetail.getHref(post.id)}>{post.title}</Link>
        </h3>
        <p className="dash-muted">
          <span className="tabular">{m.commentCount(group.comment_count)}</span>
          {' · '}
          <span>{m.latestActivity}</span>{' '}
          <time dateTime={group.latest_activity}>{formatCommentDate(group.latest_activity)}</time>
        </p>
      </header>
      <ul className="dash-thread">
        {flattenThread(group.comments).map((c) => (
          <CommentRow
            key={c.id}
            postId={post.id}
            comment={c}
            replying={replyTo === c.id}
            onReply={onReply}
            onDelete={onDelete}
          />
        ))}
      </ul>
    </li>
  );
}

/** Comments on the user's posts, grouped by post and threaded (spec part 3, "Comments tab"). */
export function CommentsTab() {
  const { deleteComment } = useDashboardParts();
  const queryClient = useQueryClient();
  const list = useInfiniteQuery(myCommentsQuery);
  const [replyTo, setReplyTo] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<ThreadComment | null>(null);
  const remove = useMutation({
    mutationFn: (c: ThreadComment) => deleteComment(c.id),
    onSuccess: () => {
      setToDelete(null);
      toast.success(m.commentDeleted);
      queryClient.invalidateQueries({ queryKey: dashboardKeys.myComments });
      queryClient.invalidateQueries({ queryKey: dashboardKeys.stats });
    },
    onError: () => {
      setToDelete(null);
      window.alert(m.commentDeleteFailed);
    },
  });

  let body: React.ReactNode;
  if (list.isPending) body = <ListSkeleton rows={3} height={140} />;
  else if (list.isError) body = <ErrorState title={m.commentsFailed} onRetry={() => list.refetch()} />;
  else {
    const groups = list.data.pages.flatMap((page) => page.comment_groups);
    body =
      groups.length === 0 ? (
        <EmptyState title={m.commentsEmpty} icon={<MessageSquare size={30} />}>
          <p>{m.commentsEmptyHint}</p>
        </EmptyState>
      ) : (
        <>
          <ul className="dash-groups">
            {groups.map((group) => (
              <Group
                key={group.post_info.id}
                group={group}
                replyTo={replyTo}
                onReply={setReplyTo}
                onDelete={setToDelete}
              />
            ))}
          </ul>
          <LoadMore
            hasMore={list.hasNextPage}
            loading={list.isFetchingNextPage}
            onLoadMore={() => list.fetchNextPage()}
          />
        </>
      );
  }

  return (
    <section className="dash-section" aria-label={m.tabs.comments}>
      {body}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title={m.deleteCommentTitle}
        text={m.deleteCommentText}
        busy={remove.isPending}
        onConfirm={() => toDelete && remove.mutate(toDelete)}
      />
    </section>
  );
}
