import type { ProductDetail } from '@app/contracts';
import { deliveryCategories, ORDER_QTY_MAX, orderMessages, shoppingCategories } from '@app/contracts/plain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Minus, PackageX, Plus, RefreshCw, Star, Store, TriangleAlert, Truck } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { type ReactNode, useCallback, useEffect, useId, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { AppToaster, toast } from '@/components/app-toaster';
import { BackButton } from '@/components/back-button';
import { FulfilmentInfo } from '@/components/cards/product-card';
import { Notice } from '@/components/notice';
import { paths } from '@/config/paths';
import { ApiError, isNotFound } from '@/lib/api-client';
import { asksToResumePurchase, resumedQuantity } from '@/lib/checkout';
import { formatWon } from '@/lib/format';
import { mediaUrl } from '@/lib/media';
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

/** The payment form the app plugs in (features never import each other), opened by the purchase button. */
export type PurchaseSlot = (props: {
  product: ProductDetail;
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

function ProductView({
  product,
  purchase,
  reviews,
}: {
  product: ProductDetail;
  purchase: PurchaseSlot;
  reviews: ReviewsSlot;
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
  const [buying, setBuying] = useState(false);
  const [resuming, setResuming] = useState(false);
  const discount = Math.round(product.discount_rate);
  const original = shownOriginalPrice(product.price, product.original_price);
  const stock = stockText(product.display_remaining);
  const soldOut = product.display_remaining === 0;
  const unavailable = !product.is_available;
  // With the payment feature off nothing can be bought: said at once, not after the order sheet.
  const paymentOff = !isEnabled('payment');
  const qty = Number(quantity);
  const qtyValid = Number.isInteger(qty) && qty >= 1;
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
    setResuming(true);
    setBuying(true);
    navigate(`${pathname}${search}${hash}`, { replace: true, state: null, preventScrollReset: true });
  }, [locationState, isMember, navigate, pathname, search, hash]);

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
              <strong>{formatWon(product.price)}</strong>
            </p>
          </div>
          {stock ? (
            <p
              className={`detail-stock${soldOut ? ' is-sold-out' : ''}${isLowStock(product.display_remaining) ? ' is-low' : ''}`}
            >
              <span className="visually-hidden">{m.stock}: </span>
              {stock}
            </p>
          ) : null}
          {product.category_type === 'shopping' ? (
            <p className="detail-shipping">
              <Truck size={16} aria-hidden="true" />
              <span className="visually-hidden">{m.shipping}: </span>
              {shippingSummary(tenant.settings.legal_info)}
            </p>
          ) : null}
          <FulfilmentInfo product={product} className="detail-delivery" />
          <div className="detail-order">
            <QuantityField
              value={quantity}
              onChange={setQuantity}
              disabled={!isMember || soldOut || unavailable || paymentOff}
              max={product.display_remaining > 0 ? Math.min(ORDER_QTY_MAX, product.display_remaining) : ORDER_QTY_MAX}
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
              {qtyValid && !soldOut ? (
                <p className="detail-total tabular">
                  <span>{m.total}</span>
                  <strong>{formatWon(product.price * qty)}</strong>
                </p>
              ) : null}
              <button
                type="button"
                className="btn btn-primary btn-lg btn-block"
                disabled={soldOut || unavailable || paymentOff}
                aria-describedby={paymentOff ? `${tabsId}-purchase-off` : undefined}
                onClick={buy}
              >
                {soldOut ? m.soldOut : unavailable ? m.notAvailable : paymentOff ? m.purchaseOff : m.buy}
              </button>
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

/** Product detail at /products/{id} (spec part 2, section 2), with the app's payment form and reviews. */
export default function ProductDetailPage({ purchase, reviews }: { purchase: PurchaseSlot; reviews: ReviewsSlot }) {
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
  return <ProductView product={detail.data} purchase={purchase} reviews={reviews} />;
}
