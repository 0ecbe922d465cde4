import { CheckCircle2, FilePlus2, PackagePlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useTenant } from '@/lib/tenant';
import { MerchantOrdersTab } from './merchant-orders-tab';
import { dashboardText as d } from './messages';

function flashFrom(state: unknown): string | null {
  const message = (state as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.trim() ? message : null;
}

/**
 * /merchant/dashboard until the dashboard issue builds the full screen: a heading, the links a
 * merchant needs, the message a saved product brings along, and the order management tab.
 */
export default function MerchantDashboardPage() {
  const { user } = useSession();
  const { isEnabled } = useTenant();
  const location = useLocation();
  const navigate = useNavigate();
  const [flash] = useState(() => flashFrom(location.state));

  // Shown once: a reload or a later visit through history does not repeat it.
  useEffect(() => {
    if (flashFrom(location.state))
      navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [location.state, location.pathname, location.search, navigate]);

  const name = user?.merchant?.business_name || user?.username;
  const canSellProducts = isEnabled('shopping') || isEnabled('delivery');
  return (
    <main id="main" className="container page merchant-dashboard">
      <header className="merchant-dashboard-head">
        <div>
          <h1>{d.title}</h1>
          {name ? <p className="orders-muted">{d.greeting(name)}</p> : null}
        </div>
        <div className="merchant-dashboard-links">
          {canSellProducts ? (
            <Link to={paths.productCreate.getHref()} className="btn btn-primary">
              <PackagePlus size={18} aria-hidden="true" />
              {d.createProduct}
            </Link>
          ) : null}
          {isEnabled('content') ? (
            <Link to={paths.contentUpload.getHref()} className="btn btn-outline">
              <FilePlus2 size={18} aria-hidden="true" />
              {d.uploadPost}
            </Link>
          ) : null}
        </div>
      </header>
      {flash ? (
        <div className="form-message form-message-success orders-flash" role="status">
          <CheckCircle2 size={18} aria-hidden="true" />
          <span>{flash}</span>
        </div>
      ) : null}
      <MerchantOrdersTab />
    </main>
  );
}
