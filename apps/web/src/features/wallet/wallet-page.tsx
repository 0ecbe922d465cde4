import { walletText as m } from './messages';
import { WalletScreen } from './wallet-screen';

/** /wallet: where a successful top-up leads (spec 2); the same screen as the /main wallet tab. */
export default function WalletPage() {
  return (
    <main id="main" className="container page">
      <h1 className="wallet-page-title">{m.title}</h1>
      <WalletScreen />
    </main>
  );
}
