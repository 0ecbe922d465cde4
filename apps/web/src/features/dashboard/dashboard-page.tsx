import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, FilePlus2, Hand, PackagePlus, Pencil, ShieldAlert } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AppToaster } from '@/components/app-toaster';
import { Notice } from '@/components/notice';
import { paths } from '@/config/paths';
import { mediaUrl } from '@/lib/media';
import { useSession } from '@/lib/session';
import { useTenant } from '@/lib/tenant';
import { CommentsTab } from './comments-tab';
import { ContentsTab } from './contents-tab';
import { profileQuery } from './dashboard.api';
import { type DashboardParts, DashboardPartsProvider } from './dashboard-parts';
import { type DashboardTab, isMerchantTab, neighbourTab, resolveTab, visibleTabs } from './dashboard-tabs';
import { HomeTab } from './home-tab';
import { dashboardText as m } from './messages';
import { NoticesTab } from './notices-tab';
import { ReviewsTab } from './reviews-tab';
import { useSwipeHint, useTabSwipe, useWheelScroll } from './use-swipe-tabs';
import '@/components/form/form.css';
import './dashboard.css';
import './dashboard-lists.css';

function flashFrom(state: unknown): string | null {
  const message = (state as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.trim() ? message : null;
}

/** The message a saved product (or another screen) brings along, shown once: a reload does not repeat it. */
function useFlashMessage(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [flash] = useState(() => flashFrom(location.state));
  useEffect(() => {
    if (flashFrom(location.state))
      navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [location.state, location.pathname, location.search, navigate]);
  return flash;
}

function ProfileCard() {
  const { user } = useSession();
  const { isEnabled } = useTenant();
  const profile = useQuery(profileQuery).data;
  if (!user) return null;
  const isMerchant = user.user_type === 'merchant';
  const username = profile?.username ?? user.username;
  const email = profile?.email ?? user.email;
  const image = mediaUrl(profile ? profile.profile_image : user.profile_image);
  const description = isMerchant
    ? (profile ? profile.business_description : user.merchant?.business_description)?.trim()
    : undefined;
  return (
    <section className="card dash-profile" aria-label={m.profile}>
      <span className="avatar is-large" aria-hidden="true">
        {image ? <img src={image} alt="" /> : username.slice(0, 1)}
      </span>
      <div className="dash-profile-text">
        <p className="dash-profile-name">{username}</p>
        <p className="dash-muted">{m.handle(email)}</p>
        {description ? (
          <p className="dash-profile-description">{description}</p>
        ) : (
          <p className="dash-profile-description is-prompt">
            {m.introPrompt}{' '}
            <Link to={paths.profileEdit.getHref()} className="link">
              {m.writeIntro}
            </Link>
          </p>
        )}
      </div>
      <div className="dash-profile-actions">
        <Link to={paths.profileEdit.getHref()} className="btn btn-outline">
          <Pencil size={18} aria-hidden="true" />
          {m.editProfile}
        </Link>
        {isMerchant && isEnabled('content') ? (
          <Link to={paths.contentUpload.getHref()} className="btn btn-outline">
            <FilePlus2 size={18} aria-hidden="true" />
            {m.uploadPost}
          </Link>
        ) : null}
        {isMerchant && (isEnabled('shopping') || isEnabled('delivery')) ? (
          <Link to={paths.productCreate.getHref()} className="btn btn-primary">
            <PackagePlus size={18} aria-hidden="true" />
            {m.createProduct}
          </Link>
        ) : null}
      </div>
    </section>
  );
}

function TabPanel({
  tab,
  isMerchant,
  merchantTabs,
}: {
  tab: DashboardTab;
  isMerchant: boolean;
  merchantTabs: DashboardParts['merchantTabs'];
}) {
  if (isMerchantTab(tab)) {
    if (!isMerchant)
      return (
        <Notice icon={<ShieldAlert size={30} />} title={m.deniedTitle} level={2} role="alert">
          <p>{m.deniedReason[tab]}</p>
        </Notice>
      );
    return <>{merchantTabs[tab] ?? null}</>;
  }
  switch (tab) {
    case 'home':
      return <HomeTab />;
    case 'posts':
      return <ContentsTab key="image" type="image" />;
    case 'videos':
      return <ContentsTab key="video" type="video" />;
    case 'notices':
      return <NoticesTab />;
    case 'comments':
      return <CommentsTab />;
    case 'reviews':
      return <ReviewsTab />;
  }
}

export interface DashboardPageProps {
  /** The pieces of other features, handed in by app/dashboard-screen.tsx. */
  parts: DashboardParts;
}

/**
 * `/dashboard` and `/merchant/dashboard` (spec part 3, "User dashboard"): the profile card and the
 * tabs, the tab kept in `?tab=` so that a reload and the back button keep it.
 */
export default function DashboardPage({ parts }: DashboardPageProps) {
  const { displayName, isEnabled } = useTenant();
  const { user } = useSession();
  const isMerchant = user?.user_type === 'merchant';
  const [searchParams, setSearchParams] = useSearchParams();
  const viewer = { isEnabled, isMerchant };
  const tabs = visibleTabs(viewer);
  const current = resolveTab(searchParams.get('tab'), viewer);
  const flash = useFlashMessage();
  const hint = useSwipeHint();
  const tabList = useRef<HTMLDivElement>(null);
  useWheelScroll(tabList);

  // The tab asked for last: a press selects a tab twice (pointer down, then focus) before the URL
  // changes, and that must make one history entry, not two.
  const requested = useRef(current);
  requested.current = current;
  const select = (tab: DashboardTab) => {
    if (tab === requested.current) return;
    requested.current = tab;
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('tab', tab);
        return next;
      },
      { preventScrollReset: true },
    );
  };

  const swipe = useTabSwipe((step) => {
    const next = neighbourTab(tabs, current, step);
    if (!next) return false;
    select(next);
    return true;
  });

  // Keep the active tab in view in the sideways-scrolling bar (also after a reload on ?tab=payments).
  useEffect(() => {
    const list = tabList.current;
    const active = list?.querySelector<HTMLElement>(`[data-tab="${current}"]`);
    if (!list || !active) return;
    const row = list.getBoundingClientRect();
    const box = active.getBoundingClientRect();
    if (box.right > row.right) list.scrollLeft += box.right - row.right + 20;
    else if (box.left < row.left) list.scrollLeft -= row.left - box.left + 20;
  }, [current]);

  return (
    <DashboardPartsProvider parts={parts}>
      <main id="main" className="container page dashboard">
        <header className="dash-head">
          <h1>
            <span className="dash-site">{displayName}</span> <span className="dash-kind">{m.title(isMerchant)}</span>
          </h1>
        </header>
        {flash ? (
          <div className="form-message form-message-success dash-flash" role="status">
            <CheckCircle2 size={18} aria-hidden="true" />
            <span>{flash}</span>
          </div>
        ) : null}
        <ProfileCard />
        <Tabs.Root value={current} onValueChange={(tab) => select(tab as DashboardTab)} className="dash-tabs-root">
          <div className="dash-tabs-bar">
            <Tabs.List ref={tabList} className="dash-tabs" aria-label={m.tabsLabel}>
              {tabs.map((tab) => (
                <Tabs.Trigger key={tab} value={tab} data-tab={tab} className="pill-tab">
                  {m.tabs[tab]}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
          </div>
          {hint ? (
            <p className="dash-swipe-hint" role="status">
              <Hand size={18} aria-hidden="true" />
              {m.swipeHint}
            </p>
          ) : null}
          <Tabs.Content value={current} className="dash-panel" {...swipe}>
            <TabPanel tab={current} isMerchant={isMerchant} merchantTabs={parts.merchantTabs} />
          </Tabs.Content>
        </Tabs.Root>
      </main>
      <AppToaster />
    </DashboardPartsProvider>
  );
}
