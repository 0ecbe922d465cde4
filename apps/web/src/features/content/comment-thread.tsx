import { COMMENT_CONTENT_MAX, COMMENT_DEPTH_MAX, type Comment, postMessages } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CornerDownRight, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatCommentDate } from '@/lib/dates';
import { abbreviateCount } from '@/lib/format';
import { useSession } from '@/lib/session';
import { addComment, commentsQuery, contentKeys, deleteComment } from './content.api';
import { contentMessages as m } from './messages';

/** Spec 2: replies indent 25 px per level in the detail view (20 px in the shorts and dashboard). */
export const DETAIL_INDENT_PX = 25;

function isDepthExceeded(err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  const data = err.data as { code?: string; error?: { code?: string } } | undefined;
  return data?.code === 'comment_depth_exceeded' || data?.error?.code === 'comment_depth_exceeded';
}

function CommentForm({
  postId,
  parent,
  onDone,
  autoFocus,
}: {
  postId: number;
  parent?: Comment;
  onDone?: () => void;
  autoFocus?: boolean;
}) {
  const id = useId();
  const { isMember } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const add = useMutation({
    mutationFn: () => addComment(postId, text.trim(), parent?.id ?? null),
    onSuccess: () => {
      setText('');
      onDone?.();
      queryClient.invalidateQueries({ queryKey: contentKeys.comments(postId) });
      queryClient.invalidateQueries({ queryKey: contentKeys.detail(postId) });
    },
    onError: (err) => {
      if (isDepthExceeded(err)) window.alert(postMessages.commentDepthExceeded);
      else toast.error(err instanceof Error && err.message ? err.message : m.commentFailed);
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!isMember) {
      window.alert(m.loginToComment);
      navigate(paths.login.getHref());
      return;
    }
    if (!text.trim() || add.isPending) return;
    add.mutate();
  };

  const label = parent ? m.replyLabel(parent.author?.username ?? m.deletedAuthor) : m.commentLabel;
  return (
    <form className="comment-form" onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <textarea
        id={id}
        className="comment-input"
        rows={parent ? 2 : 3}
        maxLength={COMMENT_CONTENT_MAX}
        placeholder={parent ? m.replyPlaceholder : m.commentPlaceholder}
        value={text}
        // biome-ignore lint/a11y/noAutofocus: the reply box opens on the reader's request
        autoFocus={autoFocus}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" className="btn btn-primary" disabled={add.isPending || !text.trim()}>
        {m.submitComment}
      </button>
    </form>
  );
}

function CommentItem({
  postId,
  comment,
  replying,
  onReply,
  onDelete,
  indentPx,
}: {
  postId: number;
  comment: Comment;
  indentPx: number;
  replying: boolean;
  onReply: (id: number | null) => void;
  onDelete: (comment: Comment) => void;
}) {
  const { user, isMember } = useSession();
  const navigate = useNavigate();
  const mine = !!user && !comment.is_deleted && comment.author?.id === user.id;
  const canReply = comment.depth < COMMENT_DEPTH_MAX && !comment.is_deleted;
  return (
    <li
      className="comment"
      data-depth={comment.depth}
      data-comment-id={comment.id}
      style={{ marginLeft: comment.depth * indentPx }}
    >
      <div className="comment-head">
        {comment.depth > 0 ? <CornerDownRight size={14} aria-hidden="true" className="comment-reply-mark" /> : null}
        <strong className="comment-author">{comment.author?.username ?? m.deletedAuthor}</strong>
        <time dateTime={comment.created_at} className="comment-date">
          {formatCommentDate(comment.created_at)}
        </time>
      </div>
      <p className={comment.is_deleted ? 'comment-body comment-deleted' : 'comment-body'}>{comment.content}</p>
      <div className="comment-actions">
        {canReply ? (
          <button
            type="button"
            className="link-button"
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
          <button type="button" className="link-button link-danger" onClick={() => onDelete(comment)}>
            <Trash2 size={14} aria-hidden="true" />
            {m.delete}
          </button>
        ) : null}
      </div>
      {replying ? <CommentForm postId={postId} parent={comment} onDone={() => onReply(null)} autoFocus /> : null}
    </li>
  );
}

/** The thread under a post: form, then comments in reading order with their replies indented. */
export function CommentThread({
  postId,
  count,
  indentPx = DETAIL_INDENT_PX,
  headingLevel = 2,
}: {
  postId: number;
  count: number;
  indentPx?: number;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const queryClient = useQueryClient();
  const comments = useQuery(commentsQuery(postId));
  const [replyTo, setReplyTo] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<Comment | null>(null);
  const remove = useMutation({
    mutationFn: (c: Comment) => deleteComment(c.id),
    onSuccess: () => {
      setToDelete(null);
      toast.success(m.commentDeleted);
      queryClient.invalidateQueries({ queryKey: contentKeys.comments(postId) });
      queryClient.invalidateQueries({ queryKey: contentKeys.detail(postId) });
    },
    onError: (err) => toast.error(err instanceof Error && err.message ? err.message : m.deleteFailed),
  });

  return (
    <section className="comments" aria-labelledby={`comments-title-${postId}`}>
      <Heading id={`comments-title-${postId}`} className="comments-title">
        {m.commentsTitle(abbreviateCount(comments.data?.comments_count ?? count))}
      </Heading>
      <CommentForm postId={postId} />
      {comments.isPending ? (
        <div className="skeleton" style={{ height: 80 }} />
      ) : comments.isError ? (
        <p role="alert" className="field-error">
          {m.commentsFailed}
        </p>
      ) : comments.data.comments.length === 0 ? (
        <p className="comments-empty">{m.noComments}</p>
      ) : (
        <ul className="comment-list">
          {comments.data.comments.map((c) => (
            <CommentItem
              key={c.id}
              postId={postId}
              comment={c}
              replying={replyTo === c.id}
              onReply={setReplyTo}
              onDelete={setToDelete}
              indentPx={indentPx}
            />
          ))}
        </ul>
      )}
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
