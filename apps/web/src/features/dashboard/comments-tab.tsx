import { type CommentGroup, REPLY_INDENT_PX, type ThreadComment } from '@app/contracts';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatCommentDate } from '@/lib/dates';
import { dashboardKeys, myCommentsQuery } from './dashboard.api';
import { type PartComment, useDashboardParts } from './dashboard-parts';
import { EmptyState, ErrorState, ListSkeleton, LoadMore } from './list-states';
import { dashboardText as m } from './messages';

/** A thread in reading order: each comment followed by its replies, depth kept for the indent. */
export function flattenThread(comments: readonly ThreadComment[]): PartComment[] {
  return comments.flatMap(({ replies, comment_author, ...c }) => [
    { ...c, author: comment_author },
    ...flattenThread(replies),
  ]);
}

const confirm = { title: m.deleteCommentTitle, text: m.deleteCommentText };

function Group({ group, onChanged }: { group: CommentGroup; onChanged: () => void }) {
  const { CommentList } = useDashboardParts();
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
      <CommentList
        postId={post.id}
        comments={flattenThread(group.comments)}
        indentPx={REPLY_INDENT_PX}
        onChanged={onChanged}
        confirm={confirm}
      />
    </li>
  );
}

/** Comments on the user's posts, grouped by post and threaded (spec part 3, "Comments tab"). */
export function CommentsTab() {
  const queryClient = useQueryClient();
  const list = useInfiniteQuery(myCommentsQuery);
  const refresh = () => {
    queryClient.invalidateQueries({ queryKey: dashboardKeys.myComments });
    queryClient.invalidateQueries({ queryKey: dashboardKeys.stats });
  };

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
              <Group key={group.post_info.id} group={group} onChanged={refresh} />
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
    </section>
  );
}
