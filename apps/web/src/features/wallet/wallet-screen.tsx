import type { WalletOverview, WalletTransaction } from '@app/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ArrowDownToLine, Lock, LogIn, Plus, Send, TriangleAlert, WalletMinimal } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Notice } from '@/components/notice';
import { paths } from '@/config/paths';
import { formatNumber } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useTenant } from '@/lib/tenant';
import { walletText as m } from './messages';
import { TopupDialog } from './topup-form';
import { TransferDialog } from './transfer-dialog';
import { walletOverviewQuery, walletTransactionsQuery } from './wallet.api';
import { describeTransaction, formatDateTime, formatTime, groupByDay } from './wallet-values';
import { useWithdrawalWatch, WithdrawDialog } from './withdraw-dialog';
import '@/components/form/form.css';
import './wallet.css';

type WalletDialogKind = 'topup' | 'send' | 'withdraw';

function LoginPrompt() {
  return (
    <Notice
      level={2}
      icon={<LogIn size={30} />}
      title={m.loginTitle}
      actions={
        <Link to={paths.login.getHref()} className="btn btn-primary">
          {m.login}
        </Link>
      }
    >
      <p>{m.loginText}</p>
    </Notice>
  );
}

function BalanceCard({
  overview,
  loading,
  canTopUp,
  onOpen,
}: {
  overview: WalletOverview | undefined;
  loading: boolean;
  canTopUp: boolean;
  onOpen: (kind: WalletDialogKind) => void;
}) {
  const balance = overview?.balance;
  return (
    <section className="wallet-balance card" aria-labelledby="wallet-balance-label">
      <p id="wallet-balance-label" className="wallet-balance-label">
        <WalletMinimal size={18} aria-hidden="true" />
        {m.balanceLabel}
      </p>
      {loading ? (
        <div role="status">
          <span className="visually-hidden">{m.balanceLoading}</span>
          <div className="skeleton wallet-balance-skeleton" />
        </div>
      ) : (
        <p className="wallet-balance-amount tabular">
          {balance ? formatNumber(balance.available) : '-'}
          <span className="wallet-balance-unit">{m.pointUnit}</span>
        </p>
      )}
      {balance && balance.locked > 0 ? (
        <p className="wallet-balance-locked">
          <Lock size={14} aria-hidden="true" />
          {m.locked} <strong className="tabular">{m.points(balance.locked)}</strong>
        </p>
      ) : null}
      {balance?.updated_at ? (
        <p className="wallet-balance-time">{m.updatedAt(formatDateTime(balance.updated_at))}</p>
      ) : null}
      {overview ? <p className="wallet-balance-rate">{m.rewardRate(overview.point_reward_rate)}</p> : null}
      <div className="wallet-actions">
        {canTopUp ? (
          <button type="button" className="btn btn-primary" onClick={() => onOpen('topup')}>
            <Plus size={18} aria-hidden="true" />
            {m.topup}
          </button>
        ) : null}
        <button type="button" className="btn btn-outline" disabled={!balance} onClick={() => onOpen('send')}>
          <Send size={18} aria-hidden="true" />
          {m.send}
        </button>
        <button type="button" className="btn btn-ghost" disabled={!balance} onClick={() => onOpen('withdraw')}>
          <ArrowDownToLine size={18} aria-hidden="true" />
          {m.withdraw}
        </button>
      </div>
    </section>
  );
}

function HistoryRow({ tx }: { tx: WalletTransaction }) {
  const view = describeTransaction(tx);
  return (
    <li className="wallet-tx">
      <div className="wallet-tx-main">
        <span className="wallet-tx-label">{view.label}</span>
        <span className="wallet-tx-meta">
          {formatTime(tx.created_at)}
          {view.detail ? ` · ${view.detail}` : ''}
          {view.address ? (
            <>
              {' · '}
              <code className="wallet-hex">{view.address}</code>
            </>
          ) : null}
        </span>
      </div>
      <span className={`wallet-tx-amount tabular wallet-tone-${view.tone}`}>{view.amount}</span>
    </li>
  );
}

function HistorySkeleton() {
  return (
    <div role="status" className="wallet-history-skeleton">
      <span className="visually-hidden">{m.historyLoading}</span>
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="skeleton" style={{ height: 52 }} />
      ))}
    </div>
  );
}

/** The signed-in wallet: balance, actions, history, and their modals (spec 2, wallet tab). */
function WalletHome() {
  const { isEnabled } = useTenant();
  const overview = useQuery(walletOverviewQuery);
  const history = useInfiniteQuery(walletTransactionsQuery);
  const [dialog, setDialog] = useState<WalletDialogKind | null>(null);
  const balance = overview.data?.balance;
  useWithdrawalWatch(dialog === 'withdraw' || (balance?.locked ?? 0) > 0);

  const failures: string[] = [];
  if (overview.isError) failures.push(m.balanceFailed);
  if (history.isError) failures.push(m.transactionsFailed);
  const transactions = history.data?.pages.flatMap((p) => p.transactions) ?? [];
  const groups = groupByDay(transactions);
  const onOpenChange = (kind: WalletDialogKind) => (open: boolean) => setDialog(open ? kind : null);

  return (
    <div className="wallet">
      {failures.length > 0 ? (
        <div className="wallet-banner" role="alert">
          <TriangleAlert size={20} aria-hidden="true" />
          <div className="wallet-banner-text">
            {failures.map((text) => (
              <p key={text}>{text}</p>
            ))}
          </div>
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => {
              void overview.refetch();
              void history.refetch();
            }}
          >
            {m.retry}
          </button>
        </div>
      ) : null}
      <div className="wallet-layout">
        <BalanceCard
          overview={overview.data}
          loading={overview.isPending}
          canTopUp={isEnabled('payment')}
          onOpen={setDialog}
        />
        <section className="wallet-history card" aria-labelledby="wallet-history-title">
          <h2 id="wallet-history-title" className="wallet-history-title">
            {m.historyTitle}
          </h2>
          {history.isPending ? <HistorySkeleton /> : null}
          {history.isSuccess && transactions.length === 0 ? (
            <div className="wallet-empty">
              <p className="wallet-empty-title">{m.emptyHistory}</p>
              <p>{m.emptyHistoryText}</p>
            </div>
          ) : null}
          {groups.map((group) => (
            <div key={group.key} className="wallet-day">
              <h3 className="wallet-day-label">{group.label}</h3>
              <ul className="wallet-tx-list">
                {group.items.map((tx) => (
                  <HistoryRow key={tx.id} tx={tx} />
                ))}
              </ul>
            </div>
          ))}
          {history.hasNextPage ? (
            <button
              type="button"
              className="btn btn-outline btn-block"
              disabled={history.isFetchingNextPage}
              onClick={() => void history.fetchNextPage()}
            >
              {history.isFetchingNextPage ? m.loadingMore : m.loadMore}
            </button>
          ) : null}
        </section>
      </div>
      <TopupDialog open={dialog === 'topup'} onOpenChange={onOpenChange('topup')} available={balance?.available} />
      {balance ? (
        <>
          <TransferDialog open={dialog === 'send'} onOpenChange={onOpenChange('send')} available={balance.available} />
          <WithdrawDialog
            open={dialog === 'withdraw'}
            onOpenChange={onOpenChange('withdraw')}
            available={balance.available}
            registeredAddress={overview.data?.evm_address ?? null}
          />
        </>
      ) : null}
    </div>
  );
}

/** The wallet tab of /main and the /wallet page: guests see the login prompt. */
export function WalletScreen() {
  const { isMember } = useSession();
  return isMember ? <WalletHome /> : <LoginPrompt />;
}
