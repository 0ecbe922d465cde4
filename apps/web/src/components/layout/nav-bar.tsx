import {
  House,
  LayoutDashboard,
  LogIn,
  type LucideIcon,
  PackagePlus,
  PlaySquare,
  ShieldCheck,
  ShoppingBag,
  SquarePen,
  Truck,
  Wallet,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useTenant } from '@/lib/tenant';
import { navMessages as m } from '@/messages/common';
import { Brand } from './brand';
import { desktopNavItems, mobileNavItems, type NavKey, type NavViewer } from './nav-items';
import { UserMenu } from './user-menu';
import './nav-bar.css';

const icons: Record<NavKey, LucideIcon> = {
  home: House,
  delivery: Truck,
  shopping: ShoppingBag,
  content: PlaySquare,
  wallet: Wallet,
  myContent: LayoutDashboard,
  productCreate: PackagePlus,
  contentUpload: SquarePen,
  admin: ShieldCheck,
};

function useNavViewer(): NavViewer {
  const { isEnabled } = useTenant();
  const { user, isMember, isAdmin } = useSession();
  return { isEnabled, user, isMember, isAdmin };
}

/**
 * The cart's entry, plugged in by the app (shared code never imports a feature): `header` for the
 * wide bar's actions, `bottom` for an item of the phone's bottom bar.
 */
export type NavCartSlot = (variant: 'header' | 'bottom') => ReactNode;

/**
 * The general navigation bar (spec 2.6): a top bar on wide screens and, at 768 px and below,
 * a compact top bar with the brand plus a bottom bar of at most four entries, the cart when the
 * app plugs it in, and the profile menu.
 */
export function NavBar({ cart }: { cart?: NavCartSlot }) {
  const viewer = useNavViewer();
  const { user, isSignedIn, isAdmin } = useSession();
  const links = desktopNavItems(viewer);
  return (
    <>
      <header className="nav">
        <div className="container nav-inner">
          <Brand />
          <nav aria-label={m.mainNav} className="nav-links">
            {links.map((item) => (
              <NavLink key={item.key} to={item.href} end className="nav-link">
                {item.label}
              </NavLink>
            ))}
          </nav>
          <div className="nav-actions">
            {cart?.('header')}
            {isSignedIn && user ? (
              <>
                <span className="nav-greeting">
                  {m.greeting(user.username)}
                  {isAdmin ? <span className="admin-tag">{m.adminTag}</span> : null}
                </span>
                <UserMenu variant="desktop" />
              </>
            ) : (
              <>
                <Link to={paths.login.getHref()} className="btn btn-ghost">
                  {m.login}
                </Link>
                <Link to={paths.registerCustomer.getHref()} className="btn btn-primary">
                  {m.signUp}
                </Link>
              </>
            )}
          </div>
        </div>
      </header>
      <BottomBar viewer={viewer} cart={cart} />
    </>
  );
}

function BottomBar({ viewer, cart }: { viewer: NavViewer; cart?: NavCartSlot }) {
  const { isSignedIn } = useSession();
  const items = mobileNavItems(viewer);
  return (
    <nav aria-label={m.mobileNav} className="bottom-bar" data-testid="bottom-bar">
      {items.map((item) => {
        const Icon = icons[item.key];
        return (
          <NavLink key={item.key} to={item.href} end className="bottom-bar-item">
            <Icon size={22} aria-hidden="true" />
            <span>{item.label}</span>
          </NavLink>
        );
      })}
      {cart?.('bottom')}
      {isSignedIn ? (
        <UserMenu variant="mobile" />
      ) : (
        <NavLink to={paths.login.getHref()} className="bottom-bar-item">
          <LogIn size={22} aria-hidden="true" />
          <span>{m.login}</span>
        </NavLink>
      )}
    </nav>
  );
}
