import { type DashboardContentSort, dashboardContentSortValues } from '@app/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { FileText, Video } from 'lucide-react';
import { useId, useState } from 'react';
import { ChoiceSelect } from '@/components/form/choice-select';
import { type ContentType, contentsQuery } from './dashboard.api';
import { EmptyState, ErrorState, ListSkeleton } from './list-states';
import { dashboardText as m } from './messages';
import { PostList } from './post-item';

/** The posts tab (`image`) or the videos tab (`video`): the user's own, 6 at a time, in the chosen order. */
export function ContentsTab({ type }: { type: ContentType }) {
  const [sort, setSort] = useState<DashboardContentSort>('latest');
  const list = useInfiniteQuery(contentsQuery(type, sort));
  const sortId = useId();
  const isVideo = type === 'video';

  let body: React.ReactNode;
  if (list.isPending) body = <ListSkeleton rows={3} height={180} />;
  else if (list.isError)
    body = <ErrorState title={isVideo ? m.videosFailed : m.postsFailed} onRetry={() => list.refetch()} />;
  else {
    const items = list.data.pages.flatMap((page) => page.contents);
    body =
      items.length === 0 ? (
        <EmptyState
          title={isVideo ? m.videosEmpty : m.postsEmpty}
          icon={isVideo ? <Video size={30} /> : <FileText size={30} />}
        >
          <p>{m.postsEmptyHint}</p>
        </EmptyState>
      ) : (
        <PostList posts={items} list={list} />
      );
  }

  return (
    <section className="dash-section" aria-label={isVideo ? m.tabs.videos : m.tabs.posts}>
      <div className="dash-toolbar">
        <label htmlFor={sortId} className="visually-hidden">
          {m.sortLabel}
        </label>
        <ChoiceSelect
          id={sortId}
          className="dash-select"
          value={sort}
          choices={dashboardContentSortValues}
          labels={m.sorts}
          onChange={setSort}
        />
      </div>
      {body}
    </section>
  );
}
