import type { ReactNode } from 'react';
import { Footer } from './footer';
import { NavBar } from './nav-bar';

/** Pages with the general navigation bar and the footer. */
export default function GeneralLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <NavBar />
      {children}
      <Footer />
    </>
  );
}
