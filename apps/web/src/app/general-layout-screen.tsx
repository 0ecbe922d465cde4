import type { ReactNode } from 'react';
import GeneralLayout from '@/components/layout/general-layout';
import type { NavCartSlot } from '@/components/layout/nav-bar';
import { CartLink } from '@/features/cart/cart-link';

const cart: NavCartSlot = (variant) => <CartLink variant={variant} />;

/** The general layout with the cart feature's entry in its navigation (features compose here, in app/). */
export default function GeneralLayoutScreen({ children }: { children: ReactNode }) {
  return <GeneralLayout cart={cart}>{children}</GeneralLayout>;
}
