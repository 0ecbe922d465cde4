import { useInfiniteQuery } from '@tanstack/react-query';
import { Megaphone } from 'lucide-react';
import { useSession } from '@/lib/session';
import { announcementsQuery } from './dashboard.api';
import { EmptyState, ErrorState, ListSkeleton } from './list-states';
import { dashboardText as m } from './messages';
import { PostList } from './post-item';

/** Merchants see their own announcements, everybody else the general list (10 at a time). */
export function NoticesTab() {
  const { user } = useSession();
  const mine = user?.user_type === 'merchant';
  const list = useInfiniteQuery(announcementsQuery(mine));

  let body: React.ReactNode;
  if (list.isPending) body = <ListSkeleton rows={3} height={150} />;
  else if (list.isError) body = <ErrorState title={m.noticesFailed} onRetry={() => list.refetch()} />;
  else {
    const items = list.data.pages.flatMap((page) => page.announcements);
    body =
      items.length === 0 ? (
        <EmptyState title={m.noticesEmpty} icon={<Megaphone size={30} />}>
          {mine ? <p>{m.myNoticesEmptyHint}</p> : null}
        </EmptyState>
      ) : (
        <PostList posts={items} list={list} />
      );
  }
  return (
    <section className="dash-section" aria-label={m.tabs.notices}>
      {body}
    </section>
  );
}
