import type { ReactNode } from 'react';
import { Footer } from './footer';
import { NavBar, type NavCartSlot } from './nav-bar';

/** Pages with the general navigation bar and the footer (`cart`: the cart entry the app plugs in). */
export default function GeneralLayout({ children, cart }: { children: ReactNode; cart?: NavCartSlot }) {
  return (
    <>
      <NavBar cart={cart} />
      {/* At least a screen tall: the footer starts below the fold, so content arriving late never pushes it around. */}
      <div className="layout-body">{children}</div>
      <Footer />
    </>
  );
}
