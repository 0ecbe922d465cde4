import { Suspense } from 'react';
import { lazyPart } from '@/lib/lazy-part';
import './footer.css';

// The footer in a chunk of its own, with the phone number formatter (libphonenumber): it starts
// below the fold, so it may arrive after the first screen. A footer the server rendered stays as
// it is until then; its styles come with the page.
const FooterContent = lazyPart(() => import('./footer-content').then((m) => m.FooterContent));

export function Footer() {
  return (
    <Suspense fallback={null}>
      <FooterContent />
    </Suspense>
  );
}
