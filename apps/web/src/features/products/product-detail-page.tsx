import type { ProductDetail, ProductOption } from '@app/contracts';
import { deliveryCategories, ORDER_QTY_MAX, orderMessages, shoppingCategories } from '@app/contracts/plain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Minus, PackageX, Plus, RefreshCw, ShoppingCart, Star, Store, TriangleAlert, Truck } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { type ReactNode, useCallback, useEffect, useId, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { AppToaster, toast } from '@/components/app-toaster';
import { BackButton } from '@/components/back-button';
import { FulfilmentInfo } from '@/components/cards/product-card';
import { Notice } from '@/components/notice';
import { paths } from '@/config/paths';
import { ApiError, isNotFound } from '@/lib/api-client';
import { asksToResumePurchase, resumedOptionId, resumedQuantity } from '@/lib/checkout';
import { formatWon } from '@/lib/format';
import { mediaUrl } from '@/lib/media';
import { isOptionBuyable, optionDiscount, optionMaxQuantity, optionRemaining, pricedFrom } from '@/lib/product-options';
import { useSession } from '@/lib/session';
import { isLowStock, shownOriginalPrice, stockText } from '@/lib/stock';
import { useTenant } from '@/lib/tenant';
import { cardMessages } from '@/messages/common';
import { type CarouselImage, ImageCarousel } from './image-carousel';
import { detailMessages as m } from './messages';
import { productDetailQuery, productKeys } from './products.api';
import { shippingSummary } from './shipping-summary';
import '@/components/cards/cards.css';
import './products.css';

function carouselImages(product: ProductDetail): CarouselImage[] {
  const media = [...product.media].sort((a, b) => a.order - b.order);
  const images = media.map((item) => ({ key: item.id, src: mediaUrl(item.file_path) ?? '' })).filter((img) => img.src);
  if (images.length === 0 && product.image_url) return [{ key: 'main', src: mediaUrl(product.image_url) ?? '' }];
  return images;
}

function categoryLabel(product: ProductDetail): string | undefined {
  if (product.category_type === 'pickup')
    return deliveryCategories.find((c) => c.value === product.delivery_category)?.label;
  return shoppingCategories.find((c) => c.value === product.category)?.label;
}

function DetailSkeleton() {
  return (
    <div className="container page product-detail" role="status" aria-live="polite">
      <span className="visually-hidden">{m.loading}</span>
      <div className="skeleton" style={{ aspectRatio: '1 / 1' }} />
      <div>
        <div className="skeleton" style={{ height: 20, width: '30%', marginBottom: 12 }} />
        <div className="skeleton" style={{ height: 32, width: '80%', marginBottom: 20 }} />
        <div className="skeleton" style={{ height: 28, width: '50%' }} />
      </div>
    </div>
  );
}

function QuantityField({
  value,
  onChange,
  disabled,
  max,
}: {
  value: string;
  onChange: (v: string) => void;
  disabled: boolean;
  max?: number;
}) {
  const id = useId();
  const n = Number(value);
  const invalid = value !== '' && (!Number.isInteger(n) || n < 1);
  const step = (delta: number) => {
    const current = Number.isInteger(n) && n >= 1 ? n : 1;
    const next = Math.max(1, current + delta);
    onChange(String(max ? Math.min(max, next) : next));
  };
  return (
    <div className="quantity">
      <label htmlFor={id} className="quantity-label">
        {m.quantity}
      </label>
      <div className="quantity-control">
        <button
          type="button"
          className="quantity-btn"
          aria-label={m.decrease}
          disabled={disabled || n <= 1}
          onClick={() => step(-1)}
        >
          <Minus size={18} aria-hidden="true" />
        </button>
        <input
          id={id}
          className="quantity-input tabular"
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          value={value}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          // More than an order may hold stops at the most it may (no total of a refused quantity).
          onChange={(e) => {
            const typed = e.target.value;
            onChange(max !== undefined && Number(typed) > max ? String(max) : typed);
          }}
        />
        <button
          type="button"
          className="quantity-btn"
          aria-label={m.increase}
          disabled={disabled || (max !== undefined && n >= max)}
          onClick={() => step(1)}
        >
          <Plus size={18} aria-hidden="true" />
        </button>
      </div>
      {invalid ? (
        <p id={`${id}-error`} className="field-error">
          {m.quantityInvalid}
        </p>
      ) : null}
    </div>
  );
}

/** The price block of an option's row: discount rate, price and the struck-through original price. */
function OptionPrice({ option }: { option: ProductOption }) {
  const discount = optionDiscount(option);
  const original = shownOriginalPrice(option.price, option.original_price);
  return (
    <span className="option-price tabular">
      {discount > 0 ? (
        <span className="detail-discount">
          <span className="visually-hidden">{cardMessages.discount} </span>
          {discount}%
        </span>
      ) : null}
      <strong>{formatWon(option.price)}</strong>
      {original !== null ? (
        <del className="option-original">
          <span className="visually-hidden">{cardMessages.originalPrice} </span>
          {formatWon(original)}
        </del>
      ) : null}
    </span>
  );
}

/**
 * The options of a product as a radio group (one level: 3kg / 5kg / 10kg): each with its name,
 * price and stock state; sold-out and off-sale ones cannot be picked.
 */
function OptionPicker({
  options,
  value,
  onChange,
  disabled,
  describedBy,
}: {
  options: ProductOption[];
  value: number | null;
  onChange: (id: number) => void;
  disabled: boolean;
  describedBy?: string;
}) {
  const name = useId();
  return (
    <fieldset className="option-picker" aria-describedby={describedBy}>
      <legend className="option-picker-legend">{m.options}</legend>
      {options.map((option) => {
        const off = !option.is_available;
        const remaining = optionRemaining(option);
        const state = off ? m.notAvailable : stockText(remaining);
        return (
          <label key={option.id} className={`option-choice${isOptionBuyable(option) ? '' : ' is-disabled'}`}>
            <input
              type="radio"
              name={name}
              value={option.id}
              checked={value === option.id}
              disabled={disabled || !isOptionBuyable(option)}
              onChange={() => onChange(option.id)}
            />
            <span className="option-name">{option.name}</span>
            <OptionPrice option={option} />
            {state ? (
              <span
                className={`option-stock${off || remaining === 0 ? ' is-sold-out' : ''}${isLowStock(remaining) ? ' is-low' : ''}`}
              >
                {state}
              </span>
            ) : null}
          </label>
        );
      })}
    </fieldset>
  );
}

/**
 * What ordering a meal of the delivery module asks beyond its card's ETA and fee: the merchant's
 * minimum order of a delivery, and where and when a pickup is collected.
 */
function DeliveryTermsInfo({ product }: { product: ProductDetail }) {
  const terms = product.merchant.delivery_terms;
  const minimum = product.is_delivery && terms.min_order_amount > 0 ? terms.min_order_amount : null;
  const pickup = terms.offers_pickup && (terms.pickup_address || terms.pickup_hours);
  if (minimum === null && !pickup) return null;
  return (
    <dl className="detail-terms">
      {minimum !== null ? (
        <div>
          <dt>{m.minOrder}</dt>
          <dd className="tabular">{formatWon(minimum)}</dd>
        </div>
      ) : null}
      {pickup && terms.pickup_address ? (
        <div>
          <dt>{m.pickupPlace}</dt>
          <dd>{terms.pickup_address}</dd>
        </div>
      ) : null}
      {pickup && terms.pickup_hours ? (
        <div>
          <dt>{m.pickupHours}</dt>
          <dd>{terms.pickup_hours}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** The payment form the app plugs in (features never import each other), opened by the purchase button. */
export type PurchaseSlot = (props: {
  product: ProductDetail;
  /** The option being bought (null for a product without options). */
  option: ProductOption | null;
  quantity: number;
  /** Opened again after a declined or cancelled payment: the buyer's entries come back. */
  resume: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) => ReactNode;

/**
 * The reviews tab's content the app plugs in; `onChanged` is called after any review write, when
 * the product's rating figures (and the cards showing them) are stale.
 */
export type ReviewsSlot = (props: { product: ProductDetail; onChanged: () => void }) => ReactNode;

/** A line for the cart, as this page knows it (a guest's cart shows these until they sign in). */
export interface CartLineDraft {
  product_id: number;
  option_id: number | null;
  qty: number;
  title: string;
  option_name: string | null;
  price: number;
  thumbnail_url: string | null;
  merchant: { id: number; business_name: string } | null;
}

/**
 * '장바구니 담기' the app plugs in (the cart feature's): puts the line in the account's cart or the
 * browser's and says so; resolves true when it went in.
 */
export type AddToCart = (line: CartLineDraft) => Promise<boolean>;

function ProductView({
  product,
  purchase,
  reviews,
  addToCart,
}: {
  product: ProductDetail;
  purchase: PurchaseSlot;
  reviews: ReviewsSlot;
  addToCart?: AddToCart;
}) {
  const { isMember, user } = useSession();
  const { displayName, isEnabled, tenant } = useTenant();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const reviewsOn = isEnabled('reviews');
  // No "★ 0.0 (0)": the rating shows once a review exists, and only where the tenant has reviews.
  const showRating = reviewsOn && product.rating_count > 0;
  const { hash, pathname, search, state: locationState } = useLocation();
  // Always 'info' at first: a server-rendered page cannot see the address's #fragment.
  const [tab, setTab] = useState('info');
  const tabsId = useId();
  const onReviewsChanged = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: productKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['home'] });
  }, [queryClient]);
  const [quantity, setQuantity] = useState('1');
  const [optionId, setOptionId] = useState<number | null>(null);
  const [buying, setBuying] = useState(false);
  const [adding, setAdding] = useState(false);
  const [resuming, setResuming] = useState(false);
  // With options the buyer picks one; its price, stock and discount are then the ones shown and bought.
  const options = product.options;
  const hasOptions = options.length > 0;
  // An option that sold out or went off sale since it was picked (the page refreshed) is picked no more.
  const option = options.find((o) => o.id === optionId && isOptionBuyable(o)) ?? null;
  const allOff = hasOptions && options.every((o) => !o.is_available);
  const needsOption = hasOptions && option === null;
  const price = option?.price ?? product.price;
  const discount = option ? optionDiscount(option) : Math.round(product.discount_rate);
  const original = shownOriginalPrice(price, option ? option.original_price : product.original_price);
  const from = !option && pricedFrom(options);
  const remaining = option ? optionRemaining(option) : product.display_remaining;
  const soldOut = hasOptions ? !allOff && !options.some(isOptionBuyable) : product.display_remaining === 0;
  // Before an option is picked, the product's stock (their sum) says nothing but "sold out".
  const stock = option || !hasOptions ? stockText(remaining) : soldOut ? cardMessages.soldOut : null;
  const unavailable = !product.is_available || allOff;
  // With the payment feature off nothing can be bought: said at once, not after the order sheet.
  const paymentOff = !isEnabled('payment');
  // "옵션을 선택해주세요" beside the purchase button, while a choice is all that is missing.
  const askOption = needsOption && !soldOut && !unavailable && !paymentOff;
  const qty = Number(quantity);
  const qtyValid = Number.isInteger(qty) && qty >= 1;
  const maxQty = option
    ? optionMaxQuantity(option)
    : product.display_remaining > 0
      ? Math.min(ORDER_QTY_MAX, product.display_remaining)
      : ORDER_QTY_MAX;
  const chooseOption = (id: number) => {
    setOptionId(id);
    const picked = options.find((o) => o.id === id);
    // A quantity above what the picked option has left comes down to it.
    if (picked && qtyValid && qty > optionMaxQuantity(picked)) setQuantity(String(optionMaxQuantity(picked)));
  };
  const isOwner = !!user && user.id === product.merchant.owner_id;
  const label = categoryLabel(product);

  // Opened at #reviews (back from logging in to mark a review helpful): the tab open and in view.
  useEffect(() => {
    if (!reviewsOn || hash !== '#reviews') return;
    setTab('reviews');
    document.getElementById(tabsId)?.scrollIntoView?.({ block: 'start' });
  }, [reviewsOn, hash, tabsId]);

  // Back from a declined or cancelled payment (the callback screen's 다시 결제하기): the order sheet
  // opens again with what the buyer had entered; the state is dropped so a reload does not reopen it.
  useEffect(() => {
    if (!asksToResumePurchase(locationState) || !isMember) return;
    const kept = resumedQuantity(locationState);
    if (kept !== undefined) setQuantity(String(kept));
    navigate(`${pathname}${search}${hash}`, { replace: true, state: null, preventScrollReset: true });
    if (options.length > 0) {
      // The option of the failed payment, if it can still be bought; otherwise the buyer picks again.
      const keptOption = options.find((o) => o.id === resumedOptionId(locationState));
      if (!keptOption || !isOptionBuyable(keptOption)) {
        toast.error(keptOption?.is_available ? orderMessages.optionSoldOut : orderMessages.optionUnavailable);
        return;
      }
      setOptionId(keptOption.id);
    }
    setResuming(true);
    setBuying(true);
  }, [locationState, isMember, navigate, pathname, search, hash, options]);

  useEffect(() => {
    document.title = `${product.title} | ${displayName}`;
    return () => {
      document.title = displayName;
    };
  }, [product.title, displayName]);

  const buy = () => {
    if (!isMember) {
      navigate(paths.login.getHref(), {
        state: { returnUrl: paths.productDetail.getHref(product.id), message: m.orderRequired },
      });
      return;
    }
    if (needsOption) {
      toast.error(orderMessages.optionRequired);
      return;
    }
    if (!qtyValid) {
      toast.error(m.quantityInvalid);
      return;
    }
    if (isOwner) {
      toast.info(orderMessages.ownProduct);
      return;
    }
    setBuying(true);
  };

  // The same checks as buying, without the sign-in: a guest's line waits in this browser.
  const putInCart = async () => {
    if (!addToCart || adding) return;
    if (needsOption) {
      toast.error(orderMessages.optionRequired);
      return;
    }
    if (!qtyValid) {
      toast.error(m.quantityInvalid);
      return;
    }
    if (isOwner) {
      toast.info(orderMessages.ownProduct);
      return;
    }
    setAdding(true);
    try {
      await addToCart({
        product_id: product.id,
        option_id: option?.id ?? null,
        qty,
        title: product.title,
        option_name: option?.name ?? null,
        price,
        thumbnail_url: product.thumbnail_url ?? product.image_url,
        merchant: { id: product.merchant.id, business_name: product.merchant.business_name },
      });
    } finally {
      setAdding(false);
    }
  };
  const cartOff = soldOut || unavailable || paymentOff || needsOption;

  return (
    <div className="container page">
      <div className="product-detail">
        <ImageCarousel images={carouselImages(product)} title={product.title} />
        <div className="product-summary">
          <Link to={paths.merchantChannel.getHref(product.merchant.id, true)} className="detail-merchant">
            <Store size={16} aria-hidden="true" />
            {product.merchant.business_name || cardMessages.defaultMerchant}
          </Link>
          <h1 className="detail-title">{product.title}</h1>
          {showRating || label ? (
            <p className="detail-rating">
              {showRating ? (
                <>
                  <Star size={16} aria-hidden="true" className="product-star" />
                  <span className="visually-hidden">
                    {cardMessages.rating(product.rating_average, product.rating_count)}
                  </span>
                  <span aria-hidden="true" className="tabular">
                    {product.rating_average.toFixed(1)} ({product.rating_count})
                  </span>
                </>
              ) : null}
              {label ? <span className="detail-category">{label}</span> : null}
            </p>
          ) : null}
          <div className="detail-price">
            {original !== null ? (
              <del className="detail-original tabular">
                <span className="visually-hidden">{cardMessages.originalPrice} </span>
                {formatWon(original)}
              </del>
            ) : null}
            <p className="detail-price-row tabular">
              {discount > 0 ? (
                <span className="detail-discount">
                  <span className="visually-hidden">{cardMessages.discount} </span>
                  {discount}%
                </span>
              ) : null}
              <span className="visually-hidden">{cardMessages.price} </span>
              <strong>
                {formatWon(price)}
                {from ? <span className="price-from">{cardMessages.priceFrom}</span> : null}
              </strong>
            </p>
          </div>
          {stock ? (
            <p
              className={`detail-stock${remaining === 0 || soldOut ? ' is-sold-out' : ''}${isLowStock(remaining) ? ' is-low' : ''}`}
            >
              <span className="visually-hidden">{m.stock}: </span>
              {stock}
            </p>
          ) : null}
          {product.category_type === 'shopping' ? (
            <p className="detail-shipping">
              <Truck size={16} aria-hidden="true" />
              <span className="visually-hidden">{m.shipping}: </span>
              {shippingSummary(tenant.settings.legal_info, product.merchant.delivery_terms)}
            </p>
          ) : null}
          <FulfilmentInfo product={product} className="detail-delivery" />
          {product.category_type === 'pickup' ? <DeliveryTermsInfo product={product} /> : null}
          <div className="detail-order">
            {hasOptions ? (
              <OptionPicker
                options={options}
                value={option?.id ?? null}
                onChange={chooseOption}
                disabled={soldOut || unavailable}
                describedBy={askOption ? `${tabsId}-option-hint` : undefined}
              />
            ) : null}
            <QuantityField
              value={quantity}
              onChange={setQuantity}
              // Visitors cannot buy (spec part 2): the quantity is a member's; a guest's cart takes one
              // at a time, its count changed on /cart.
              disabled={!isMember || soldOut || unavailable || paymentOff}
              max={maxQty}
            />
            {paymentOff ? (
              <p className="field-hint" id={`${tabsId}-purchase-off`}>
                {m.purchaseOffHint}
              </p>
            ) : !isMember ? (
              <p className="field-hint">{m.visitorQuantity}</p>
            ) : null}
            {/* On a phone this bar stays at the bottom of the screen (products.css). */}
            <div className="detail-buy-bar">
              {askOption ? (
                <p className="detail-total detail-option-hint" id={`${tabsId}-option-hint`}>
                  {orderMessages.optionRequired}
                </p>
              ) : qtyValid && !soldOut ? (
                <p className="detail-total tabular">
                  <span>{m.total}</span>
                  <strong>{formatWon(price * qty)}</strong>
                </p>
              ) : null}
              <div className={addToCart ? 'detail-buy-actions' : 'detail-buy-actions is-single'}>
                {addToCart ? (
                  <button
                    type="button"
                    className="btn btn-outline btn-lg detail-cart-btn"
                    disabled={cartOff || adding}
                    aria-busy={adding || undefined}
                    aria-describedby={
                      paymentOff ? `${tabsId}-purchase-off` : askOption ? `${tabsId}-option-hint` : undefined
                    }
                    onClick={() => void putInCart()}
                  >
                    <ShoppingCart size={20} aria-hidden="true" />
                    <span className="detail-cart-text">{m.addToCart}</span>
                  </button>
                ) : null}
                <button
                  type="button"
                  className="btn btn-primary btn-lg btn-block"
                  disabled={soldOut || unavailable || paymentOff || needsOption}
                  aria-describedby={
                    paymentOff ? `${tabsId}-purchase-off` : askOption ? `${tabsId}-option-hint` : undefined
                  }
                  onClick={buy}
                >
                  {soldOut ? m.soldOut : unavailable ? m.notAvailable : paymentOff ? m.purchaseOff : m.buy}
                </button>
              </div>
            </div>
            {isOwner ? (
              <Link to={paths.productEdit.getHref(product.id)} className="btn btn-outline btn-block">
                {m.edit}
              </Link>
            ) : null}
          </div>
        </div>
      </div>
      <Tabs.Root value={tab} onValueChange={setTab} className="detail-tabs" id={tabsId}>
        <Tabs.List className="detail-tab-list" aria-label={m.tabsLabel}>
          <Tabs.Trigger value="info" className="detail-tab">
            {m.infoTab}
          </Tabs.Trigger>
          {reviewsOn ? (
            <Tabs.Trigger value="reviews" className="detail-tab">
              {m.reviewsTab(product.rating_count)}
            </Tabs.Trigger>
          ) : null}
        </Tabs.List>
        <Tabs.Content value="info" className="detail-tab-panel">
          {product.description ? (
            <p className="detail-description">{product.description}</p>
          ) : (
            <p className="field-hint">{m.noDescription}</p>
          )}
        </Tabs.Content>
        {reviewsOn ? (
          <Tabs.Content value="reviews" className="detail-tab-panel">
            {reviews({ product, onChanged: onReviewsChanged })}
          </Tabs.Content>
        ) : null}
      </Tabs.Root>
      {purchase({
        product,
        option,
        quantity: qtyValid ? qty : 1,
        resume: resuming,
        open: buying,
        onOpenChange: (open) => {
          setBuying(open);
          if (!open) setResuming(false);
        },
      })}
      <AppToaster />
    </div>
  );
}

/**
 * Product detail at /products/{id} (spec part 2, section 2), with the app's payment form, reviews
 * and, where the app plugs it in, the cart.
 */
export default function ProductDetailPage({
  purchase,
  reviews,
  addToCart,
}: {
  purchase: PurchaseSlot;
  reviews: ReviewsSlot;
  addToCart?: AddToCart;
}) {
  const { id } = useParams();
  const productId = Number(id);
  const valid = Number.isInteger(productId) && productId > 0;
  const { displayName } = useTenant();
  // The route's preload may have met the failure already: show it rather than ask again on mount
  // (a server error is not retried; the error view offers the retry).
  const detail = useQuery({ ...productDetailQuery(productId), enabled: valid, retryOnMount: false });
  // Only a missing product is "not found"; a server or network failure says so and offers a retry.
  const failure =
    !valid || (detail.isError && isNotFound(detail.error)) ? 'not-found' : detail.isError ? 'failed' : null;

  useEffect(() => {
    if (!failure) return;
    document.title = failure === 'not-found' ? m.notFoundTitle : m.loadErrorTitle;
    return () => {
      document.title = displayName;
    };
  }, [failure, displayName]);

  if (failure === 'not-found') {
    return (
      <div className="container page">
        <Notice
          icon={<PackageX size={30} />}
          title={m.notFoundTitle}
          role="alert"
          actions={<BackButton fallback={paths.main.getHref()} />}
        >
          <p>{m.loadFailed}</p>
          <p>{m.loadFailedText}</p>
        </Notice>
      </div>
    );
  }
  if (failure === 'failed') {
    const offline = detail.error instanceof ApiError && detail.error.status === 0;
    return (
      <div className="container page">
        <Notice
          icon={<TriangleAlert size={30} />}
          title={m.loadErrorTitle}
          role="alert"
          actions={
            <>
              <BackButton fallback={paths.main.getHref()} />
              <button
                type="button"
                className="btn btn-primary"
                disabled={detail.isFetching}
                onClick={() => detail.refetch()}
              >
                <RefreshCw size={18} aria-hidden="true" />
                {detail.isFetching ? m.retrying : m.retry}
              </button>
            </>
          }
        >
          <p>{offline ? m.loadErrorOffline : m.loadErrorServer}</p>
        </Notice>
      </div>
    );
  }
  if (!detail.isSuccess) return <DetailSkeleton />;
  return <ProductView product={detail.data} purchase={purchase} reviews={reviews} addToCart={addToCart} />;
}
