import {
  ChevronDown,
  LayoutDashboard,
  LogOut,
  PackagePlus,
  ReceiptText,
  Settings,
  ShieldCheck,
  SquarePen,
  UserRound,
} from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useTenant } from '@/lib/tenant';
import { useOpenedOnce } from '@/lib/use-opened-once';
import { navMessages as m } from '@/messages/common';
import { merchantActionItems } from './nav-items';

/**
 * My page (the dashboard), order history (shops), profile settings, tenant management
 * (administrators) and logout (spec 2.6). On the mobile bar it also holds the merchant's register
 * shortcuts, which the wide bar shows as links.
 */
export function UserMenu({ variant }: { variant: 'desktop' | 'mobile' }) {
  const { user, isAdmin, isMember, signOut } = useSession();
  const { isEnabled } = useTenant();
  const hasShop = isEnabled('shopping') || isEnabled('delivery');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const rendered = useOpenedOnce(open);
  const shortcuts = variant === 'mobile' ? merchantActionItems({ isEnabled, user, isMember, isAdmin }) : [];
  return (
    <DropdownMenu.Root modal={false} open={open} onOpenChange={setOpen}>
      <DropdownMenu.Trigger asChild>
        {variant === 'desktop' ? (
          <button type="button" className="btn btn-ghost user-menu-trigger">
            {m.menu}
            <ChevronDown size={16} aria-hidden="true" />
          </button>
        ) : (
          <button type="button" className="bottom-bar-item">
            <UserRound size={22} aria-hidden="true" />
            <span>{m.my}</span>
          </button>
        )}
      </DropdownMenu.Trigger>
      {rendered ? (
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            className="menu-content"
            align="end"
            side={variant === 'desktop' ? 'bottom' : 'top'}
            sideOffset={8}
            collisionPadding={8}
          >
            <DropdownMenu.Item className="menu-item" onSelect={() => navigate(paths.dashboard.getHref())}>
              <LayoutDashboard size={18} aria-hidden="true" />
              {m.myPage}
            </DropdownMenu.Item>
            {shortcuts.map((item) => (
              <DropdownMenu.Item key={item.key} className="menu-item" onSelect={() => navigate(item.href)}>
                {item.key === 'productCreate' ? (
                  <PackagePlus size={18} aria-hidden="true" />
                ) : (
                  <SquarePen size={18} aria-hidden="true" />
                )}
                {item.label}
              </DropdownMenu.Item>
            ))}
            {isMember && hasShop ? (
              <DropdownMenu.Item className="menu-item" onSelect={() => navigate(paths.orders.getHref())}>
                <ReceiptText size={18} aria-hidden="true" />
                {m.orders}
              </DropdownMenu.Item>
            ) : null}
            <DropdownMenu.Item className="menu-item" onSelect={() => navigate(paths.profileEdit.getHref())}>
              <Settings size={18} aria-hidden="true" />
              {m.profileSettings}
            </DropdownMenu.Item>
            {isAdmin ? (
              <DropdownMenu.Item className="menu-item" onSelect={() => navigate(paths.adminTenants.getHref())}>
                <ShieldCheck size={18} aria-hidden="true" />
                {m.tenantManagement}
              </DropdownMenu.Item>
            ) : null}
            <DropdownMenu.Separator className="menu-separator" />
            <DropdownMenu.Item className="menu-item" onSelect={() => signOut(paths.home.getHref())}>
              <LogOut size={18} aria-hidden="true" />
              {m.logout}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      ) : null}
    </DropdownMenu.Root>
  );
}
