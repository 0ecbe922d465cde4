import {
  TRANSFER_STEP,
  transferAmountSchema,
  transferRequestSchema,
  WALLET_PAGE_SIZE,
  type WalletTransaction,
  type WalletTransactionList,
  WITHDRAW_CHAIN_LABELS,
  walletMessages,
  withdrawAmountSchema,
  withdrawChains,
  withdrawRequestSchema,
} from '@app/contracts';
import { walletText as m } from './messages';

// --- history rows ---------------------------------------------------------------------------------

/** Direction colour of a history row (DESIGN.md: + in the primary colour, - in neutral dark). */
export type TxTone = 'positive' | 'negative' | 'neutral';

export interface TxView {
  label: string;
  /** A second line: the transfer memo, the withdrawal's network, the order. */
  detail?: string;
  /** The withdrawal's target address, shortened (shown in a monospace face). */
  address?: string;
  tone: TxTone;
  /** The signed amount as shown: `+10,000P`, `-3,000P`. */
  amount: string;
}

const positiveTypes = new Set<WalletTransaction['tx_type']>(['earn', 'topup', 'refund']);
const negativeTypes = new Set<WalletTransaction['tx_type']>(['spend', 'withdraw']);

/** Transfers between users are ledger adjustments whose meta names both sides. */
export function isTransfer(tx: WalletTransaction): boolean {
  return (
    tx.tx_type === 'adjustment' && (tx.meta_json.transfer_from !== undefined || tx.meta_json.transfer_to !== undefined)
  );
}

/** `0x1234ab…cdef`: enough of an address or hash to recognise it. */
export function shortenHex(value: string, head = 6, tail = 4): string {
  return value.length <= head + tail + 1 ? value : `${value.slice(0, head)}…${value.slice(-tail)}`;
}

/** The network's Korean name; an unknown one as sent. */
export function chainLabel(chain: string | undefined): string {
  return (withdrawChains as readonly string[]).includes(chain ?? '')
    ? WITHDRAW_CHAIN_LABELS[chain as (typeof withdrawChains)[number]]
    : (chain ?? '');
}

/**
 * Label, second line, colour and signed amount of a history row (spec 2, wallet tab). Types set the
 * colour: earn/topup/refund positive, spend/withdraw negative, others neutral; a transfer (stored as
 * an adjustment) reads as sent or received from the sign of its delta, which both sides' meta lacks.
 */
export function describeTransaction(tx: WalletTransaction): TxView {
  const meta = tx.meta_json;
  const amount = m.signedPoints(tx.delta);
  if (isTransfer(tx)) {
    const sent = tx.delta < 0;
    const otherId = sent ? meta.transfer_to : meta.transfer_from;
    const otherName = (sent ? meta.transfer_to_name : meta.transfer_from_name)?.trim();
    const name = otherName || (otherId !== undefined ? m.someone(otherId) : '');
    return {
      label: sent ? m.sentTo(name) : m.receivedFrom(name),
      detail: meta.memo?.trim() || undefined,
      tone: tx.delta > 0 ? 'positive' : tx.delta < 0 ? 'negative' : 'neutral',
      amount,
    };
  }
  let detail: string | undefined;
  let address: string | undefined;
  if (tx.tx_type === 'withdraw' && meta.target_address) {
    detail = chainLabel(meta.target_chain) || undefined;
    address = shortenHex(meta.target_address);
  } else if (meta.order_name?.trim()) {
    detail = meta.order_name.trim();
  } else if (meta.order_id !== undefined) {
    detail = m.orderRef(meta.order_id);
  } else if (meta.memo?.trim()) {
    detail = meta.memo.trim();
  }
  const tone: TxTone = positiveTypes.has(tx.tx_type)
    ? 'positive'
    : negativeTypes.has(tx.tx_type)
      ? 'negative'
      : 'neutral';
  return { label: m.txTypes[tx.tx_type], detail, address, tone, amount };
}

/** Spec 7: more transaction pages exist while a page returns exactly 20. */
export function nextTransactionsPage(last: WalletTransactionList): number | undefined {
  return last.transactions.length === WALLET_PAGE_SIZE ? last.page + 1 : undefined;
}

export interface DayGroup {
  key: string;
  label: string;
  items: WalletTransaction[];
}

function dayKey(d: Date): string {
  return `${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()}`;
}

/** History grouped by the viewer's calendar day, newest first as listed: 오늘, 어제, `1월 5일 (수)`. */
export function groupByDay(transactions: WalletTransaction[], now: Date = new Date()): DayGroup[] {
  const today = dayKey(now);
  const yesterday = dayKey(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1));
  const groups: DayGroup[] = [];
  for (const tx of transactions) {
    const d = new Date(tx.created_at);
    const key = Number.isNaN(d.getTime()) ? 'unknown' : dayKey(d);
    let group = groups.at(-1);
    if (group?.key !== key) {
      let label = '';
      if (key === today) label = m.today;
      else if (key === yesterday) label = m.yesterday;
      else if (key !== 'unknown')
        label = d.toLocaleDateString('ko-KR', {
          year: d.getFullYear() === now.getFullYear() ? undefined : 'numeric',
          month: 'long',
          day: 'numeric',
          weekday: 'short',
        });
      group = { key, label, items: [] };
      groups.push(group);
    }
    group.items.push(tx);
  }
  return groups;
}

/** `오후 3:05`. */
export function formatTime(value: string): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleTimeString('ko-KR', { hour: 'numeric', minute: '2-digit' });
}

/** `1월 5일 오후 3:05` (the year too when it is not this year). */
export function formatDateTime(value: string, now: Date = new Date()): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleString('ko-KR', {
    year: d.getFullYear() === now.getFullYear() ? undefined : 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

// --- amounts ----------------------------------------------------------------------------------------

// The amount inputs' parsing and formatting are the form components' (shared with other forms).
export { formatAmountInput, parseAmountInput } from '@/components/form/amount-input';

/** The largest multiple of `step` not above `value` (the 'all' button of a stepped amount). */
export function floorToStep(value: number, step: number): number {
  return Math.max(0, Math.floor(value / step) * step);
}

/** '전액' of the transfer modal: the whole balance in steps of 100. */
export function allTransferable(available: number): number {
  return floorToStep(available, TRANSFER_STEP);
}

/** The transfer form: the contract's rules, and not above the balance the screen has loaded. */
export function transferFormSchema(available: number) {
  return transferRequestSchema.extend({
    amount: transferAmountSchema.refine((v) => v <= available, walletMessages.insufficient),
  });
}

/** The withdraw form: the contract's rules, and not above the available balance. */
export function withdrawFormSchema(available: number) {
  return withdrawRequestSchema.extend({
    amount: withdrawAmountSchema.refine((v) => v <= available, walletMessages.insufficient),
  });
}
