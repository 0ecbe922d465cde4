import { Clock, Construction, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { routeMessages } from '@/messages/common';
import { BackButton } from './back-button';
import { Notice } from './notice';

/** A route whose feature the tenant has switched off (spec 2.1). */
export function FeatureOffNotice() {
  return (
    <main id="main" className="container page">
      <Notice icon={<Construction size={30} />} title={routeMessages.featureOffTitle} actions={<BackButton />}>
        <p>{routeMessages.featureOffText}</p>
      </Notice>
    </main>
  );
}

/** /admin/tenants for a signed-in user who is not a system administrator (spec 2.1). */
export function AccessDeniedNotice() {
  return (
    <main id="main" className="container page">
      <Notice icon={<ShieldAlert size={30} />} title={routeMessages.accessDeniedTitle} actions={<BackButton />}>
        <p>{routeMessages.accessDeniedText}</p>
      </Notice>
    </main>
  );
}

/** The screens later issues build: a clear page, never a blank one. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <main id="main" className="container page">
      <Notice
        icon={<Clock size={30} />}
        title={title}
        actions={
          <>
            <BackButton />
            <Link to="/" className="btn btn-primary">
              {routeMessages.home}
            </Link>
          </>
        }
      >
        <p>{routeMessages.placeholderText}</p>
      </Notice>
    </main>
  );
}
