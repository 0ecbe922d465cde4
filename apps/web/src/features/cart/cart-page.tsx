import { type Cart, cartMessages, type OrderType } from '@app/contracts';
import { ORDER_QTY_MAX } from '@app/contracts/plain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { LogIn, ShoppingCart, Store, TriangleAlert, X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { AppToaster, toast } from '@/components/app-toaster';
import { Notice } from '@/components/notice';
import { paths } from '@/config/paths';
import { apiErrorCode, apiErrorDetail } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useTenant } from '@/lib/tenant';
import { cartKeys, cartQuery, cartSelectionQuery, pickupParam, storeCart } from './api/get-cart';
import { useRemoveCartItems } from './api/remove-cart-item';
import { useUpdateCartItem } from './api/update-cart-item';
import { CartCheckoutDialog } from './cart-checkout';
import { CartGroupSection } from './cart-group';
import { CartThumb, QtyStepper } from './cart-line';
import { asksToResumeCheckout } from './cart-payment';
import { availableLines, checkoutTotalsOf, selectedIdsOf } from './cart-values';
import { type GuestCartLine, removeGuestLine, setGuestLineQty, useGuestCart } from './guest-cart';
import { cartText as m } from './messages';
import '@/components/checkout/checkout.css';
import './cart.css';

function CartSkeleton() {
  return (
    <div className="cart-layout" role="status" aria-live="polite">
      <span className="visually-hidden">{m.loading}</span>
      <div className="cart-groups">
        {[0, 1].map((i) => (
          <div key={i} className="skeleton" style={{ height: 200 }} />
        ))}
      </div>
    </div>
  );
}

function EmptyCart() {
  const { isEnabled } = useTenant();
  const shopping = isEnabled('shopping');
  return (
    <Notice
      level={2}
      icon={<ShoppingCart size={30} />}
      title={m.empty}
      actions={
        <Link to={paths.main.getHref(shopping ? 'shopping' : 'delivery')} className="btn btn-primary">
          {shopping ? m.toShopping : m.toDelivery}
        </Link>
      }
    >
      <p>{m.emptyText}</p>
    </Notice>
  );
}

/** The figures of the selection and the order button, fixed at the foot of the screen on a phone. */
function CartSummary({
  itemsTotal,
  deliveryTotal,
  total,
  note,
  refusal,
  action,
}: {
  itemsTotal: number;
  deliveryTotal: number;
  total: number;
  note: string | null;
  refusal: string | null;
  action: ReactNode;
}) {
  const id = useId();
  return (
    <aside className="cart-summary card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="order-summary-title">
        {m.summary}
      </h2>
      <dl className="order-summary">
        <div>
          <dt>{m.itemsTotal}</dt>
          <dd>{m.won(itemsTotal)}</dd>
        </div>
        <div>
          <dt>{m.fee}</dt>
          <dd>{m.won(deliveryTotal)}</dd>
        </div>
        <div className="order-summary-total">
          <dt>{m.payable}</dt>
          <dd>{m.won(total)}</dd>
        </div>
      </dl>
      {note ? <p className="order-summary-note">{note}</p> : null}
      {refusal ? (
        <p className="cart-refusal" role="alert">
          {refusal}
        </p>
      ) : null}
      <div className="cart-pay">{action}</div>
    </aside>
  );
}

/** A member's cart: the account's, priced by the server with the buyer's 배달/픽업 choices. */
function MemberCart() {
  const [pickup, setPickup] = useState<ReadonlySet<number>>(() => new Set());
  const param = pickupParam(pickup);
  const cart = useQuery({ ...cartQuery(param), staleTime: 0, placeholderData: keepPreviousData });
  const [unticked, setUnticked] = useState<ReadonlySet<number>>(() => new Set());
  const [checkoutOpen, setCheckoutOpen] = useState(false);
  const [resuming, setResuming] = useState(false);
  const queryClient = useQueryClient();
  const update = useUpdateCartItem();
  const remove = useRemoveCartItems();
  const { state, pathname, search } = useLocation();
  const navigate = useNavigate();

  // Back from a declined or cancelled payment (다시 결제하기): the checkout opens again with the
  // buyer's entries; the state is dropped so a reload does not reopen it.
  useEffect(() => {
    if (!asksToResumeCheckout(state)) return;
    navigate(`${pathname}${search}`, { replace: true, state: null });
    setResuming(true);
    setCheckoutOpen(true);
  }, [state, pathname, search, navigate]);

  const data = cart.data;
  const selectedIds = data ? selectedIdsOf(data, unticked) : [];
  // Only some lines of a merchant selected: the server prices that part (its fee may differ).
  const partlySelected = data ? checkoutTotalsOf(data, selectedIds).partial : false;
  const priced = useQuery({
    ...cartSelectionQuery(param, selectedIds),
    enabled: partlySelected,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
  const pricedPart = partlySelected ? priced.data : undefined;
  const totals = data ? checkoutTotalsOf(data, selectedIds, pricedPart) : null;
  const nothingToPay = totals === null || totals.count === 0;
  // Nothing left to pay for (a repriced cart took the lines away): the checkout closes.
  useEffect(() => {
    if (checkoutOpen && data && nothingToPay) setCheckoutOpen(false);
  }, [checkoutOpen, data, nothingToPay]);

  if (cart.isPending) return <CartSkeleton />;
  if (!data) {
    // 404 feature_disabled: the tenant has neither the shopping nor the delivery module.
    const off = apiErrorCode(cart.error) === 'feature_disabled';
    return off ? (
      <Notice level={2} icon={<Store size={30} />} title={m.unavailableTitle}>
        <p>{m.unavailableText}</p>
      </Notice>
    ) : (
      <Notice
        level={2}
        role="alert"
        icon={<TriangleAlert size={30} />}
        title={m.failed}
        actions={
          <button type="button" className="btn btn-primary" onClick={() => void cart.refetch()}>
            {m.retry}
          </button>
        }
      >
        <p>{m.failedText}</p>
      </Notice>
    );
  }
  if (data.groups.every((g) => g.items.length === 0) || !totals) return <EmptyCart />;

  const all = availableLines(data);
  const allSelected = all.length > 0 && selectedIds.length === all.length;
  const failed = (err: unknown) => toast.error(apiErrorDetail(err) ?? m.changeFailed);
  const changeQty = (id: number, qty: number) => update.mutate({ id, qty }, { onError: failed });
  const removeLines = (ids: number[]) =>
    remove.mutate(ids, {
      onSuccess: () => toast.success(m.removed),
      onError: (err) => {
        failed(err);
        void cart.refetch();
      },
    });
  const busyId = update.isPending
    ? (update.variables?.id ?? null)
    : remove.isPending && remove.variables?.length === 1
      ? (remove.variables[0] ?? null)
      : null;
  const select = (id: number, on: boolean) =>
    setUnticked((prev) => {
      const next = new Set(prev);
      if (on) next.delete(id);
      else next.add(id);
      return next;
    });
  const chooseOrderType = (merchantId: number, type: OrderType) =>
    setPickup((prev) => {
      const next = new Set(prev);
      if (type === 'pickup') next.add(merchantId);
      else next.delete(merchantId);
      return next;
    });
  const refusal = totals.belowMinimum.length
    ? totals.belowMinimum.map((b) => m.minOrderBlocked(b.merchant, b.gap)).join(' ')
    : null;
  // The refusal's cart is priced for the lines sent: it is the whole cart's answer when they were
  // all its available lines; after a part, the whole cart is read again.
  const onCartChanged = (next: Cart) =>
    partlySelected
      ? void queryClient.invalidateQueries({ queryKey: cartKeys.all })
      : storeCart(queryClient, next, param);

  return (
    <div className="cart-layout">
      <div className="cart-groups">
        <div className="cart-toolbar card">
          <label className="cart-select-all">
            <input
              type="checkbox"
              className="cart-check"
              checked={allSelected}
              disabled={all.length === 0}
              ref={(el) => {
                if (el) el.indeterminate = selectedIds.length > 0 && !allSelected;
              }}
              onChange={() => setUnticked(allSelected ? new Set(all.map((i) => i.id)) : new Set())}
            />
            <span>{m.selectAll}</span>
            <span className="order-muted tabular">{m.selectedOf(selectedIds.length, all.length)}</span>
          </label>
          <button
            type="button"
            className="btn btn-ghost"
            disabled={selectedIds.length === 0 || remove.isPending}
            onClick={() => removeLines(selectedIds)}
          >
            {remove.isPending && (remove.variables?.length ?? 0) > 1 ? m.removing : m.removeSelected}
          </button>
        </div>
        {data.groups.map((group) => (
          <CartGroupSection
            key={group.merchant.id}
            group={group}
            selected={new Set(selectedIds)}
            onSelect={select}
            busyId={busyId}
            onQty={changeQty}
            onRemove={(id) => removeLines([id])}
            onOrderType={chooseOrderType}
            choosing={cart.isPlaceholderData}
          />
        ))}
      </div>
      <CartSummary
        itemsTotal={totals.itemsTotal}
        deliveryTotal={totals.deliveryTotal}
        total={totals.total}
        note={totals.partial ? m.partialFee : null}
        refusal={refusal}
        action={
          <button
            type="button"
            className="btn btn-primary btn-lg btn-block"
            disabled={nothingToPay || refusal !== null || cart.isPlaceholderData}
            onClick={() => setCheckoutOpen(true)}
          >
            {nothingToPay ? cartMessages.nothingSelected : m.orderSelected(totals.total, totals.count)}
          </button>
        }
      />
      {checkoutOpen ? (
        <CartCheckoutDialog
          open={checkoutOpen}
          onOpenChange={(open) => {
            setCheckoutOpen(open);
            if (!open) setResuming(false);
          }}
          cart={data}
          priced={pricedPart}
          selectedIds={selectedIds}
          onCartChanged={onCartChanged}
          resume={resuming}
        />
      ) : null}
    </div>
  );
}

/** A guest's cart, kept in this browser: its lines by seller and a way to sign in and order. */
function GuestCart() {
  const { tenant } = useTenant();
  const lines = useGuestCart(tenant.id);
  const navigate = useNavigate();
  if (lines.length === 0) return <EmptyCart />;
  const groups = new Map<string, { name: string; lines: GuestCartLine[] }>();
  for (const line of lines) {
    const key = String(line.merchant?.id ?? 0);
    const group = groups.get(key) ?? { name: line.merchant?.business_name ?? '', lines: [] };
    group.lines.push(line);
    groups.set(key, group);
  }
  const itemsTotal = lines.reduce((sum, l) => sum + l.price * l.qty, 0);
  return (
    <div className="cart-layout">
      <div className="cart-groups">
        <p className="cart-guest-lead">{m.guestLead}</p>
        {[...groups.entries()].map(([key, group]) => (
          <section key={key} className="cart-group card" aria-label={group.name || m.title}>
            {group.name ? (
              <header className="cart-group-head">
                <h2 className="cart-group-title">
                  <Store size={18} aria-hidden="true" />
                  <span>{group.name}</span>
                </h2>
              </header>
            ) : null}
            <ul className="cart-lines">
              {group.lines.map((line) => {
                const href = paths.productDetail.getHref(line.product_id);
                return (
                  <li key={`${line.product_id}-${line.option_id ?? ''}`} className="cart-line cart-line-guest">
                    <CartThumb src={line.thumbnail_url} href={href} />
                    <div className="cart-line-body">
                      <Link to={href} className="cart-line-title">
                        {line.title}
                      </Link>
                      {line.option_name ? <p className="cart-line-option">{m.option(line.option_name)}</p> : null}
                    </div>
                    <button
                      type="button"
                      className="cart-remove"
                      aria-label={m.remove(line.title)}
                      onClick={() => removeGuestLine(tenant.id, line.product_id, line.option_id)}
                    >
                      <X size={18} aria-hidden="true" />
                    </button>
                    <div className="cart-line-foot">
                      <QtyStepper
                        title={line.title}
                        qty={line.qty}
                        max={ORDER_QTY_MAX}
                        disabled={false}
                        onChange={(qty) => setGuestLineQty(tenant.id, line.product_id, line.option_id, qty)}
                      />
                      <p className="cart-line-price tabular">
                        {line.qty > 1 ? <span className="cart-unit">{m.unitPrice(line.price)}</span> : null}
                        <strong>{m.won(line.price * line.qty)}</strong>
                      </p>
                    </div>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
      <aside className="cart-summary card" aria-label={m.summary}>
        <dl className="order-summary">
          <div className="order-summary-total">
            <dt>{m.itemsTotal}</dt>
            <dd>{m.won(itemsTotal)}</dd>
          </div>
        </dl>
        <p className="order-summary-note">{m.guestFees}</p>
        <div className="cart-pay">
          <button
            type="button"
            className="btn btn-primary btn-lg btn-block"
            onClick={() =>
              navigate(paths.login.getHref(), {
                state: { returnUrl: paths.cart.getHref(), message: m.loginRequired },
              })
            }
          >
            <LogIn size={18} aria-hidden="true" />
            {m.loginToOrder}
          </button>
        </div>
      </aside>
    </div>
  );
}

/** /cart (issue 40): the account's cart for a member, the browser's for a guest. */
export default function CartPage() {
  const { isMember } = useSession();
  return (
    <main id="main" className="container page cart-page">
      <header className="cart-head">
        <h1 className="cart-title">{m.title}</h1>
      </header>
      {isMember ? <MemberCart /> : <GuestCart />}
      <AppToaster />
    </main>
  );
}
