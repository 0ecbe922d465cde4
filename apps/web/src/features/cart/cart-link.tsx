import { ShoppingCart } from 'lucide-react';
import { NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { formatNumber } from '@/lib/format';
import { useSession } from '@/lib/session';
import { cartText as m } from './messages';
import { useCartCount } from './use-cart-count';
import './cart-link.css';

/** More than this shows as `99+` on the badge. */
const BADGE_MAX = 99;

/**
 * The cart entry of the navigation: an icon with the line count, in the header (`header`) or as an
 * item of the phone's bottom bar (`bottom`). Nothing where the tenant sells nothing.
 */
export function CartLink({ variant }: { variant: 'header' | 'bottom' }) {
  const count = useCartCount();
  const { isMember } = useSession();
  // The phone's bottom bar carries it for members only (issue 40): a visitor's bar stays the spec's
  // four entries and the login; a guest's browser cart is reached from the header and its toast.
  if (count === null || (variant === 'bottom' && !isMember)) return null;
  const badge = count > 0 ? (count > BADGE_MAX ? `${BADGE_MAX}+` : formatNumber(count)) : null;
  const label = count > 0 ? m.entryCount(count) : m.entry;
  return (
    <NavLink
      to={paths.cart.getHref()}
      end
      className={variant === 'header' ? 'cart-link' : 'bottom-bar-item cart-link-bottom'}
    >
      {/* The name is read from the content (the badge and the caption are what the eye reads). */}
      <span className="visually-hidden">{label}</span>
      <span className="cart-link-icon">
        <ShoppingCart size={22} aria-hidden="true" />
        {badge ? (
          <span className="cart-badge tabular" aria-hidden="true">
            {badge}
          </span>
        ) : null}
      </span>
      {variant === 'bottom' ? <span aria-hidden="true">{m.entry}</span> : null}
    </NavLink>
  );
}
