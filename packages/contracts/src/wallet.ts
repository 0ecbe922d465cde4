import { z } from 'zod';
import { ID_MAX, optionalNumber } from './common.js';
import { walletMessages } from './plain/wallet.js';
import { requiredText } from './users.js';

// The texts need no zod (`@app/contracts/plain`).
export * from './plain/wallet.js';

// --- constants of spec part 3, section 9 ---------------------------------------------------------

export const TOPUP_MIN = 1_000;
export const TOPUP_MAX = 1_000_000;
export const TOPUP_STEP = 1_000;
export const TOPUP_DEFAULT = 10_000;
export const TOPUP_QUICK_AMOUNTS = [10_000, 30_000, 50_000, 100_000] as const;

export const TRANSFER_MIN = 100;
export const TRANSFER_STEP = 100;
export const TRANSFER_MEMO_MAX = 100;
export const TRANSFER_QUICK_AMOUNTS = [1_000, 5_000, 10_000] as const;

/** Withdrawals (the spec leaves the limits to us): 1,000 to 1,000,000 points, in steps of 1,000. */
export const WITHDRAW_MIN = 1_000;
export const WITHDRAW_MAX = 1_000_000;
export const WITHDRAW_STEP = 1_000;
export const withdrawChains = ['ethereum', 'polygon'] as const;
export const WITHDRAW_CHAIN_LABELS: Record<(typeof withdrawChains)[number], string> = {
  ethereum: '이더리움',
  polygon: '폴리곤',
};

export const WALLET_PAGE_SIZE = 20;
export const USER_SEARCH_MIN = 2;

export { DEFAULT_POINT_REWARD_RATE } from './plain.js';

export const walletTxTypes = ['topup', 'spend', 'earn', 'refund', 'withdraw', 'adjustment'] as const;
export type WalletTxType = (typeof walletTxTypes)[number];

/** An amount of points or won: a whole number within the range, with the given messages. */
function amount(opts: { min: number; max: number; step: number; minText: string; maxText: string; stepText: string }) {
  return (
    z
      // An emptied field holds null (undefined would bring back the form's default amount).
      .number({ error: (issue) => (issue.input == null ? walletMessages.amountRequired : '숫자로 입력해주세요.') })
      .int('정수로 입력해주세요.')
      .min(opts.min, opts.minText)
      .max(opts.max, opts.maxText)
      .refine((v) => v % opts.step === 0, opts.stepText)
  );
}

export const topupAmountSchema = amount({
  min: TOPUP_MIN,
  max: TOPUP_MAX,
  step: TOPUP_STEP,
  minText: walletMessages.topupMin,
  maxText: walletMessages.topupMax,
  stepText: walletMessages.topupStep,
});

/** Transfers: at least 100 points in steps of 100; the upper bound is the balance (checked by the ledger). */
export const transferAmountSchema = amount({
  min: TRANSFER_MIN,
  max: ID_MAX,
  step: TRANSFER_STEP,
  minText: walletMessages.transferMin,
  maxText: walletMessages.insufficient,
  stepText: walletMessages.transferStep,
});

export const withdrawAmountSchema = amount({
  min: WITHDRAW_MIN,
  max: WITHDRAW_MAX,
  step: WITHDRAW_STEP,
  minText: walletMessages.withdrawMin,
  maxText: walletMessages.withdrawMax,
  stepText: walletMessages.withdrawStep,
});

/** `0x` and 40 hex digits; the server also checks the EIP-55 checksum of a mixed-case address. */
export const evmAddressSchema = z
  .string({ error: walletMessages.address })
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, walletMessages.address);

/** Buyer fields of a card payment (top-up and purchase forms). */
export const buyerSchema = z.object({
  buyer_name: requiredText(walletMessages.required, 50),
  buyer_email: requiredText(walletMessages.required, 254).toLowerCase().email(walletMessages.email),
  buyer_tel: requiredText(walletMessages.required, 30)
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^0\d{8,10}$/, '전화번호는 0으로 시작하는 9~11자리 숫자로 입력해주세요.')),
});
export type Buyer = z.infer<typeof buyerSchema>;

// --- payments shared by top-up and purchase -------------------------------------------------------

/** Our payment id (PortOne's `paymentId`, the spec's merchant_uid): letters, digits, `_` and `-`. */
export const paymentIdSchema = z
  .string({ error: '결제 정보가 올바르지 않습니다.' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, '결제 정보가 올바르지 않습니다.');

/**
 * What the web app does to open the payment window: a redirect to the sandbox gateway's checkout
 * page, or PortOne's browser SDK `requestPayment` with these fields.
 */
export const checkoutSchema = z
  .discriminatedUnion('gateway', [
    z.object({ gateway: z.literal('sandbox'), url: z.string() }),
    z.object({
      gateway: z.literal('portone'),
      store_id: z.string(),
      channel_key: z.string(),
      payment_id: z.string(),
      order_name: z.string(),
      total_amount: z.number().int(),
      currency: z.literal('KRW'),
      pay_method: z.literal('CARD'),
      /** Where mobile browsers come back to: /payment/callback?type=… (PortOne appends paymentId, code, message). */
      redirect_url: z.string(),
      customer: z.object({ full_name: z.string(), email: z.string(), phone_number: z.string() }),
    }),
  ])
  .meta({ id: 'Checkout' });
export type Checkout = z.infer<typeof checkoutSchema>;

/** A payment's statuses: `partial_cancelled` (부분취소) when some of its orders, not all, were given back. */
export const paymentStatuses = ['pending', 'paid', 'failed', 'cancelled', 'partial_cancelled'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

// --- wallet calls ---------------------------------------------------------------------------------

export const walletBalanceSchema = z
  .object({
    available: z.number().int(),
    locked: z.number().int(),
    /** Last change of the balance; null before the first one. */
    updated_at: z.string().nullable(),
  })
  .meta({ id: 'WalletBalance' });
export type WalletBalance = z.infer<typeof walletBalanceSchema>;

export const walletOverviewSchema = z
  .object({
    balance: walletBalanceSchema,
    evm_address: z.string().nullable(),
    /** Percent of a card payment credited as points on this service. */
    point_reward_rate: z.number(),
  })
  .meta({ id: 'WalletOverview' });
export type WalletOverview = z.infer<typeof walletOverviewSchema>;

export const walletCreateSchema = z.object({ evm_address: evmAddressSchema });

export const walletTransactionMetaSchema = z.object({
  transfer_from: z.number().int().optional(),
  transfer_to: z.number().int().optional(),
  /** Display names of both sides of a transfer, as they were when it was made. */
  transfer_from_name: z.string().optional(),
  transfer_to_name: z.string().optional(),
  memo: z.string().optional(),
  order_id: z.number().int().optional(),
  /** What the order was ("유기농 딸기 1kg 외 1건"), shown under rewards and spends. */
  order_name: z.string().optional(),
  payment_id: z.string().optional(),
  withdrawal_id: z.number().int().optional(),
  target_address: z.string().optional(),
  target_chain: z.string().optional(),
});

export const walletTransactionSchema = z
  .object({
    id: z.number().int(),
    tx_type: z.enum(walletTxTypes),
    /** Change of the user's points (available and locked together): positive in, negative out. */
    delta: z.number().int(),
    created_at: z.string(),
    meta_json: walletTransactionMetaSchema,
  })
  .meta({ id: 'WalletTransaction' });
export type WalletTransaction = z.infer<typeof walletTransactionSchema>;

export const walletTransactionQuerySchema = z.object({
  page: optionalNumber(z.number().int().min(1).max(1000)).default(1),
  size: optionalNumber(z.number().int().min(1).max(100)).default(WALLET_PAGE_SIZE),
  tx_type: z.enum(walletTxTypes).optional(),
});

export const walletTransactionListSchema = z
  .object({
    transactions: z.array(walletTransactionSchema),
    page: z.number().int(),
    size: z.number().int(),
  })
  .meta({ id: 'WalletTransactionList' });
export type WalletTransactionList = z.infer<typeof walletTransactionListSchema>;

/** POST /api/wallet/charge/prepare: a card top-up of `amount` won. */
export const chargePrepareSchema = buyerSchema.extend({ amount: topupAmountSchema });
export type ChargePrepare = z.infer<typeof chargePrepareSchema>;

/** POST /api/wallet/topup: the older form of the same request (amount_fiat, payment_method card). */
export const topupRequestSchema = buyerSchema.extend({
  amount_fiat: topupAmountSchema,
  payment_method: z.literal('card', { error: '결제 수단은 카드만 지원합니다.' }).default('card'),
});

export const chargePrepareResultSchema = z
  .object({
    merchant_uid: z.string(),
    payment_id: z.string(),
    name: z.string(),
    amount: z.number().int(),
    checkout: checkoutSchema,
  })
  .meta({ id: 'ChargePrepared' });
export type ChargePrepared = z.infer<typeof chargePrepareResultSchema>;

/** POST /api/wallet/charge/callback: the payment id the provider's redirect or SDK answered with. */
export const chargeCallbackSchema = z.object({
  payment_id: paymentIdSchema,
});

export const chargeCallbackResultSchema = z
  .object({
    success: z.literal(true),
    status: z.literal('paid'),
    payment_id: z.string(),
    amount: z.number().int(),
    balance: walletBalanceSchema,
  })
  .meta({ id: 'ChargeConfirmed' });
export type ChargeConfirmed = z.infer<typeof chargeCallbackResultSchema>;

export const transferRequestSchema = z.object({
  to_user_id: z
    .number({ error: walletMessages.receiver })
    .int(walletMessages.receiver)
    .min(1, walletMessages.receiver)
    .max(ID_MAX, walletMessages.receiver),
  amount: transferAmountSchema,
  memo: z.string().trim().max(TRANSFER_MEMO_MAX, walletMessages.memoMax).optional().default(''),
});

export const transferResultSchema = z
  .object({
    transaction_id: z.number().int(),
    amount: z.number().int(),
    to_user: z.object({ id: z.number().int(), display_name: z.string() }),
    balance: walletBalanceSchema,
  })
  .meta({ id: 'TransferResult' });
export type TransferResult = z.infer<typeof transferResultSchema>;

export const withdrawRequestSchema = z.object({
  amount: withdrawAmountSchema,
  target_address: evmAddressSchema,
  target_chain: z.enum(withdrawChains, { error: walletMessages.chain }).default('ethereum'),
});

export const withdrawalStatuses = ['pending', 'completed', 'failed'] as const;
export const withdrawalSchema = z
  .object({
    id: z.number().int(),
    amount: z.number().int(),
    target_address: z.string(),
    target_chain: z.enum(withdrawChains),
    status: z.enum(withdrawalStatuses),
    /** The bridge's transaction hash once settled. */
    tx_hash: z.string().nullable(),
    created_at: z.string(),
    completed_at: z.string().nullable(),
  })
  .meta({ id: 'Withdrawal' });
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const withdrawResultSchema = z
  .object({ withdrawal: withdrawalSchema, balance: walletBalanceSchema })
  .meta({ id: 'WithdrawResult' });

export const bridgeStatusSchema = z
  .object({
    bridge: z.string(),
    chains: z.array(z.enum(withdrawChains)),
    min_amount: z.number().int(),
    max_amount: z.number().int(),
    step: z.number().int(),
    /** The user's latest withdrawals, newest first. */
    withdrawals: z.array(withdrawalSchema),
  })
  .meta({ id: 'BridgeStatus' });
export type BridgeStatus = z.infer<typeof bridgeStatusSchema>;

export const earnSimulationQuerySchema = z.object({
  order_amount: z.coerce
    .number({ error: '주문 금액을 숫자로 입력해주세요.' })
    .int('주문 금액은 정수여야 합니다.')
    .min(0, '주문 금액은 0 이상이어야 합니다.')
    .max(100_000_000, '주문 금액은 100,000,000원 이하여야 합니다.'),
});
export const earnSimulationSchema = z
  .object({ order_amount: z.number().int(), point_reward_rate: z.number(), earned_points: z.number().int() })
  .meta({ id: 'EarnSimulation' });

/** Points an order of `orderAmount` won earns at `ratePercent` (one decimal at most), rounded down. */
export function earnedPoints(orderAmount: number, ratePercent: number): number {
  return Math.floor((orderAmount * Math.round(ratePercent * 10)) / 1000);
}

// --- recipient search -----------------------------------------------------------------------------

export const userSearchTypes = ['email', 'business_number', 'business_name'] as const;
export const userSearchQuerySchema = z.object({
  query: z
    .string()
    .trim()
    .min(USER_SEARCH_MIN, walletMessages.searchMin)
    .max(100, '검색어는 100자 이하로 입력해주세요.'),
  search_type: z.enum(userSearchTypes).optional(),
});
export const userSearchResultSchema = z
  .object({
    users: z.array(
      z.object({
        id: z.number().int(),
        display_name: z.string(),
        user_type: z.enum(['customer', 'merchant']),
        /** Masked (`cu******@example.com`) unless the query was the whole address. */
        email: z.string(),
        search_type: z.enum(userSearchTypes),
      }),
    ),
  })
  .meta({ id: 'UserSearchResult' });
export type UserSearchResult = z.infer<typeof userSearchResultSchema>;
