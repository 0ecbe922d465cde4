import { COMMENT_CONTENT_MAX, COMMENT_DEPTH_MAX, postMessages } from '@app/contracts/plain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CornerDownRight, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/components/app-toaster';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useSingleFlight } from '@/components/form/single-flight';
import { SubmitButton } from '@/components/form/submit-button';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatCommentDate } from '@/lib/dates';
import { abbreviateCount } from '@/lib/format';
import { outcomeUnknown, submissionKeys } from '@/lib/idempotency';
import { mediaUrl } from '@/lib/media';
import { useSession } from '@/lib/session';
import { addComment, commentsQuery, contentKeys, deleteComment } from './content.api';
import { contentMessages as m } from './messages';
import './comments.css';

/** Spec 2: replies indent 25 px per level in the detail view (20 px in the shorts and dashboard). */
export const DETAIL_INDENT_PX = 25;

/** What a comment row needs: the post detail's comments and the dashboard's threads both fit. */
export interface ListComment {
  id: number;
  content: string;
  created_at: string;
  depth: number;
  is_deleted: boolean;
  /** null for a deleted comment. */
  author: { id: number; username: string; profile_image?: string | null } | null;
}

export interface CommentListProps {
  postId: number;
  /** In reading order: each comment followed by its replies. */
  comments: readonly ListComment[];
  indentPx: number;
  /** After a reply was added or a comment deleted (the caller refreshes its data). */
  onChanged: () => void;
  /** The delete confirmation's texts, when a screen words it differently. */
  confirm?: { title: string; text: string };
}

function isDepthExceeded(err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  const data = err.data as { code?: string; error?: { code?: string } } | undefined;
  return data?.code === 'comment_depth_exceeded' || data?.error?.code === 'comment_depth_exceeded';
}

/** Members only: anyone else is told to log in and sent to the login page. */
function useMemberGate() {
  const { isMember } = useSession();
  const navigate = useNavigate();
  return () => {
    if (isMember) return true;
    window.alert(m.loginToComment);
    navigate(paths.login.getHref());
    return false;
  };
}

function CommentForm({
  postId,
  parent,
  onDone,
  onCancel,
}: {
  postId: number;
  parent?: ListComment;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const memberGate = useMemberGate();
  const [text, setText] = useState('');
  // One key per comment: a retry of the same text after a lost answer reuses it, so the server
  // makes the comment once; the next comment gets a new key.
  const [keys] = useState(submissionKeys);
  const flight = useSingleFlight();
  const add = useMutation({
    mutationFn: (content: string) => {
      const parentId = parent?.id ?? null;
      return addComment(postId, content, parentId, keys.keyFor({ postId, content, parentId }));
    },
    onSuccess: () => {
      keys.settle();
      setText('');
      if (parent) toast.success(m.replyAdded);
      onDone();
    },
    onError: (err) => {
      if (!outcomeUnknown(err)) keys.settle();
      if (isDepthExceeded(err)) window.alert(postMessages.commentDepthExceeded);
      else window.alert(parent ? m.replyFailed : m.commentFailed);
    },
  });

  // Single-flight: a double click sends the comment once (the guard holds until the answer).
  const submit = flight.guard((e: FormEvent) => {
    e.preventDefault();
    if (!memberGate()) return;
    const content = text.trim();
    // Empty or whitespace-only text is never sent.
    if (!content) return;
    return add.mutateAsync(content);
  });

  const label = parent ? m.replyLabel(parent.author?.username ?? m.deletedAuthor) : m.commentLabel;
  return (
    <form className={parent ? 'comment-form is-reply' : 'comment-form'} onSubmit={submit}>
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
        autoFocus={!!parent}
        onChange={(e) => setText(e.target.value)}
      />
      {onCancel ? (
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {m.cancel}
        </button>
      ) : null}
      <SubmitButton pending={flight.pending || add.isPending} disabled={!text.trim()}>
        {m.submitComment}
      </SubmitButton>
    </form>
  );
}

function CommentItem({
  postId,
  comment,
  replying,
  onReply,
  onDelete,
  onChanged,
  indentPx,
}: {
  postId: number;
  comment: ListComment;
  indentPx: number;
  replying: boolean;
  onReply: (id: number | null) => void;
  onDelete: (comment: ListComment) => void;
  onChanged: () => void;
}) {
  const { user } = useSession();
  const memberGate = useMemberGate();
  const { author } = comment;
  const mine = !!user && !comment.is_deleted && author?.id === user.id;
  const canReply = comment.depth < COMMENT_DEPTH_MAX && !comment.is_deleted;
  const avatar = mediaUrl(author?.profile_image);
  return (
    <li
      className="comment"
      data-depth={comment.depth}
      data-comment-id={comment.id}
      style={{ marginLeft: comment.depth * indentPx }}
    >
      <div className="comment-head">
        {comment.depth > 0 ? <CornerDownRight size={14} aria-hidden="true" className="comment-reply-mark" /> : null}
        <span className="avatar is-small" aria-hidden="true">
          {avatar ? <img src={avatar} alt="" loading="lazy" /> : (author?.username ?? '?').slice(0, 1)}
        </span>
        <strong className="comment-author">{author?.username ?? m.deletedAuthor}</strong>
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
              if (memberGate()) onReply(replying ? null : comment.id);
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
      {replying ? (
        <CommentForm
          postId={postId}
          parent={comment}
          onDone={() => {
            onReply(null);
            onChanged();
          }}
          onCancel={() => onReply(null)}
        />
      ) : null}
    </li>
  );
}

/**
 * A post's comments with their replies indented: reply below depth 5 (members only), delete for
 * the author after a confirmation. The post detail, the shorts and the dashboard all show this.
 */
export function CommentList({ postId, comments, indentPx, onChanged, confirm }: CommentListProps) {
  const [replyTo, setReplyTo] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<ListComment | null>(null);
  const remove = useMutation({
    mutationFn: (c: ListComment) => deleteComment(c.id),
    onSuccess: () => {
      setToDelete(null);
      toast.success(m.commentDeleted);
      onChanged();
    },
    onError: () => {
      setToDelete(null);
      window.alert(m.commentDeleteFailed);
    },
  });

  return (
    <>
      <ul className="comment-list">
        {comments.map((c) => (
          <CommentItem
            key={c.id}
            postId={postId}
            comment={c}
            replying={replyTo === c.id}
            onReply={setReplyTo}
            onDelete={setToDelete}
            onChanged={onChanged}
            indentPx={indentPx}
          />
        ))}
      </ul>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title={confirm?.title ?? m.deleteCommentTitle}
        text={confirm?.text ?? m.deleteCommentText}
        busy={remove.isPending}
        onConfirm={() => toDelete && remove.mutate(toDelete)}
      />
    </>
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
  const refresh = () => {
    queryClient.invalidateQueries({ queryKey: contentKeys.comments(postId) });
    queryClient.invalidateQueries({ queryKey: contentKeys.detail(postId) });
  };

  return (
    <section className="comments" aria-labelledby={`comments-title-${postId}`}>
      <Heading id={`comments-title-${postId}`} className="comments-title">
        {m.commentsTitle(abbreviateCount(comments.data?.comments_count ?? count))}
      </Heading>
      <CommentForm postId={postId} onDone={refresh} />
      {comments.isPending ? (
        <div className="skeleton" style={{ height: 80 }} />
      ) : comments.isError ? (
        <p role="alert" className="field-error">
          {m.commentsFailed}
        </p>
      ) : comments.data.comments.length === 0 ? (
        <p className="comments-empty">{m.noComments}</p>
      ) : (
        <CommentList postId={postId} comments={comments.data.comments} indentPx={indentPx} onChanged={refresh} />
      )}
    </section>
  );
}
