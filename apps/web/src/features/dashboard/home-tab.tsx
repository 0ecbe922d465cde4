import type { Activity, DashboardStats } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { ChevronRight, FileText, Heart, History, MessageCircle, ShoppingBag, Sparkles, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatPostDate } from '@/lib/dates';
import { formatNumber } from '@/lib/format';
import { recentActivityQuery, statsQuery } from './dashboard.api';
import { EmptyState, ErrorState, ListSkeleton } from './list-states';
import { dashboardText as m } from './messages';

const statIcons: Record<keyof DashboardStats, ReactNode> = {
  total_contents: <FileText size={20} aria-hidden="true" />,
  total_likes: <Heart size={20} aria-hidden="true" />,
  total_comments: <MessageCircle size={20} aria-hidden="true" />,
  recent_contents: <Sparkles size={20} aria-hidden="true" />,
};

const activityIcons: Record<Activity['type'], ReactNode> = {
  post: <FileText size={18} aria-hidden="true" />,
  comment: <MessageCircle size={18} aria-hidden="true" />,
  review: <Star size={18} aria-hidden="true" />,
  order: <ShoppingBag size={18} aria-hidden="true" />,
};

const statOrder = ['total_contents', 'total_likes', 'total_comments', 'recent_contents'] as const;

/** Overview: the stats cards and what happened in the last 7 days. */
export function HomeTab() {
  const stats = useQuery(statsQuery);
  const activity = useQuery(recentActivityQuery);

  if (stats.isError || activity.isError)
    return (
      <ErrorState
        title={m.homeFailed}
        onRetry={() => {
          if (stats.isError) stats.refetch();
          if (activity.isError) activity.refetch();
        }}
      />
    );

  return (
    <div className="dash-section">
      <section aria-label={m.statsLabel}>
        {stats.isPending ? (
          <ListSkeleton rows={1} height={96} />
        ) : (
          <dl className="dash-stats">
            {statOrder.map((key) => (
              <div key={key} className="card dash-stat" data-stat={key}>
                <dt>
                  {statIcons[key]}
                  {m.stats[key]}
                </dt>
                <dd className="tabular">{formatNumber(stats.data[key])}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      <section aria-labelledby="dash-activity-title" className="dash-activity">
        <h2 id="dash-activity-title" className="dash-section-title">
          <History size={20} aria-hidden="true" />
          {m.recentActivity}
        </h2>
        {activity.isPending ? (
          <ListSkeleton rows={3} height={56} />
        ) : activity.data.activities.length === 0 ? (
          <EmptyState title={m.noActivity} icon={<History size={30} />} />
        ) : (
          <ul className="card dash-activity-list">
            {activity.data.activities.map((a) => (
              <li key={`${a.type}-${a.id}`}>
                <Link to={a.link} className="dash-activity-item">
                  <span className="dash-activity-icon">{activityIcons[a.type]}</span>
                  <span className="dash-activity-text">
                    <span className="dash-activity-type">{m.activityTypes[a.type]}</span>
                    <span className="dash-activity-title">{a.title}</span>
                  </span>
                  <time className="dash-muted" dateTime={a.created_at}>
                    {formatPostDate(a.created_at)}
                  </time>
                  <ChevronRight size={18} aria-hidden="true" className="dash-muted" />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
