import { useState } from 'react';
import { Link } from 'react-router';
import { mediaUrl } from '@/lib/media';
import { useTenant } from '@/lib/tenant';
import { navMessages } from '@/messages/common';
import './brand.css';

/** The tenant's logo (32 px high) linking home, falling back to the display name when it fails. */
export function Brand({ to = '/' }: { to?: string }) {
  const { tenant, displayName } = useTenant();
  const logo = mediaUrl(tenant.settings.logo_url);
  const [failed, setFailed] = useState(false);
  return (
    <Link to={to} className="brand" aria-label={navMessages.brandHome(displayName)}>
      {logo && !failed ? (
        <img src={logo} alt={displayName} height={32} className="brand-logo" onError={() => setFailed(true)} />
      ) : (
        <span className="brand-text">{displayName}</span>
      )}
    </Link>
  );
}
