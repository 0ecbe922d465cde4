import { Clock, LogOut, Mail, Sprout } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Footer } from '@/components/layout/footer';
import { Notice } from '@/components/notice';
import { type MainTab, paths } from '@/config/paths';
import { mediaUrl } from '@/lib/media';
import { useSession } from '@/lib/session';
import { useTenant } from '@/lib/tenant';
import { brandMessages } from '@/messages/common';
import { activeTab, availableTabs } from './main-tabs';
import { mainMessages as m } from './messages';
import './main.css';

function MainTopBar({ cart }: { cart?: ReactNode }) {
  const { displayName } = useTenant();
  const { user, isMember, signOut } = useSession();
  const avatar = mediaUrl(user?.profile_image);
  return (
    <header className="main-top">
      <div className="container main-top-inner">
        <Link to={paths.home.getHref()} className="main-logo">
          {displayName}
        </Link>
        <nav aria-label={m.topNav} className="main-links">
          <Link to={paths.home.getHref()}>{m.home}</Link>
          <Link to={paths.about.getHref()}>{m.about}</Link>
          <Link to={paths.contact.getHref()}>{m.contact}</Link>
        </nav>
        <div className="main-account">
          {cart}
          {isMember && user ? (
            <>
              <Link
                to={user.user_type === 'merchant' ? paths.merchantDashboard.getHref() : paths.profileEdit.getHref()}
                className="main-user"
              >
                <span className="avatar" aria-hidden="true">
                  {avatar ? <img src={avatar} alt="" /> : user.username.slice(0, 1)}
                </span>
                <span className="main-username">{user.username}</span>
              </Link>
              <button type="button" className="btn btn-ghost" onClick={() => signOut(paths.home.getHref())}>
                <LogOut size={18} aria-hidden="true" />
                <span className="main-logout-text">{m.logout}</span>
              </button>
            </>
          ) : (
            <>
              <Link to={paths.login.getHref()} className="btn btn-ghost">
                {m.login}
              </Link>
              <Link to={paths.registerCustomer.getHref()} className="btn btn-primary">
                {m.register}
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}

export interface MainPageProps {
  /** Screens of the tabs that other features build (composed in app/); the rest show a notice. */
  tabContent?: Partial<Record<MainTab, ReactNode>>;
  /** The cart's entry for the top bar (the cart feature's, composed in app/). */
  cart?: ReactNode;
}

/** The tabbed main page (spec 2.5): one tab per enabled feature, chosen by the `tab` parameter. */
export default function MainPage({ tabContent = {}, cart }: MainPageProps) {
  const { isEnabled, tenant } = useTenant();
  const { isMember } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tabs = availableTabs({ isEnabled, isMember, requested });
  const current = activeTab(requested, tabs);
  const tabCount = tabs.length;
  const tabList = useRef<HTMLDivElement>(null);

  // On a phone the pill row scrolls sideways: keep the active tab in view (e.g. ?tab=wallet), also
  // when the member-only tabs arrive after the session has loaded.
  useEffect(() => {
    const list = tabList.current;
    const active = list?.querySelector<HTMLElement>('[data-state="active"]');
    if (!list || !active || !current || tabCount === 0) return;
    const row = list.getBoundingClientRect();
    const tab = active.getBoundingClientRect();
    if (tab.right > row.right) list.scrollLeft += tab.right - row.right + 20;
    else if (tab.left < row.left) list.scrollLeft -= row.left - tab.left + 20;
  }, [current, tabCount]);

  return (
    <>
      <MainTopBar cart={cart} />
      <main id="main" className="main-page">
        {current ? (
          <Tabs.Root
            value={current}
            onValueChange={(tab) =>
              setSearchParams(
                (prev) => {
                  const next = new URLSearchParams(prev);
                  next.set('tab', tab);
                  // A page number belongs to the tab it was read on (the post feed's).
                  next.delete('page');
                  return next;
                },
                { preventScrollReset: true },
              )
            }
          >
            <div className="main-tabs-bar">
              <Tabs.List ref={tabList} className="container main-tabs" aria-label={m.tabsLabel}>
                {tabs.map((tab) => (
                  <Tabs.Trigger key={tab} value={tab} className="pill-tab main-tab">
                    {m.tabs[tab]}
                  </Tabs.Trigger>
                ))}
              </Tabs.List>
            </div>
            {tabs.map((tab) => (
              <Tabs.Content key={tab} value={tab} className="container main-tab-panel">
                {/* Tabs without a screen yet arrive with the content and wallet issues. */}
                {tabContent[tab] ?? (
                  <Notice level={2} icon={<Clock size={30} />} title={m.tabComing(m.tabs[tab])}>
                    <p>{m.tabComingText}</p>
                  </Notice>
                )}
              </Tabs.Content>
            ))}
          </Tabs.Root>
        ) : (
          <div className="container">
            <Notice
              icon={<Sprout size={30} />}
              title={m.noFeatureTitle}
              actions={
                <Link to={paths.home.getHref()} className="btn btn-primary">
                  {m.goHome}
                </Link>
              }
            >
              <p>{m.noFeatureText}</p>
              <p className="main-contact">
                <Mail size={16} aria-hidden="true" />
                {m.contactEmail(tenant.settings.contact_email?.trim() || brandMessages.defaultSupportEmail)}
              </p>
            </Notice>
          </div>
        )}
      </main>
      <Footer />
    </>
  );
}
