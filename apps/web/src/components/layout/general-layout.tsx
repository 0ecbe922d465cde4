import type { ReactNode } from 'react';
import { Footer } from './footer';
import { NavBar } from './nav-bar';

/** Pages with the general navigation bar and the footer. */
export default function GeneralLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <NavBar />
      {/* At least a screen tall: the footer starts below the fold, so content arriving late never pushes it around. */}
      <div className="layout-body">{children}</div>
      <Footer />
    </>
  );
}
