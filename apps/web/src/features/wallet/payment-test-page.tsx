import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { FeatureOffNotice } from '@/components/route-notices';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useTenant } from '@/lib/tenant';
import { topupText as t } from './messages';
import { TopupForm } from './topup-form';
import { walletOverviewQuery } from './wallet.api';
import { WalletScreen } from './wallet-screen';
import '@/components/form/form.css';
import './wallet.css';

function TopupPageForm() {
  const overview = useQuery(walletOverviewQuery);
  return (
    <section className="wallet-topup-page card">
      <TopupForm available={overview.data?.balance.available} />
      <Link to={paths.wallet.getHref()} className="btn btn-ghost btn-block">
        {t.toWallet}
      </Link>
    </section>
  );
}

/** /payment/test: the retry target after a failed payment, a top-up started again on its own page. */
export default function PaymentTestPage() {
  const { isEnabled } = useTenant();
  const { isMember } = useSession();
  if (!isEnabled('wallet')) return <FeatureOffNotice />;
  return (
    <main id="main" className="container page wallet-narrow">
      <h1 className="wallet-page-title">{t.pageTitle}</h1>
      <p className="wallet-muted wallet-page-lead">{t.pageLead}</p>
      {isMember ? <TopupPageForm /> : <WalletScreen />}
    </main>
  );
}
