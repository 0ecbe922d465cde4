import { type DeliveryTerms, deliveryFeeText } from '@app/contracts/plain';
import { Bike, Clock, ImageOff, ShoppingBag, Star } from 'lucide-react';
import { use } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatWon } from '@/lib/format';
import { mediaUrl } from '@/lib/media';
import { type OptionLike, pricedFrom } from '@/lib/product-options';
import { isLowStock, shownOriginalPrice, stockText } from '@/lib/stock';
import { TenantContext } from '@/lib/tenant';
import { cardMessages as m } from '@/messages/common';
import './cards.css';

/** What a product card shows (spec part 1, 2.4; part 2, product entity). */
export interface ProductCardData {
  id: number;
  title: string;
  price: number;
  discount_rate?: number | null;
  image_url?: string | null;
  thumbnail_url?: string | null;
  merchant?: {
    id: number;
    owner_id?: number | null;
    business_name?: string | null;
    /** The merchant's delivery terms (ETA and fee of delivery cards); absent: none shown. */
    delivery_terms?: DeliveryTerms | null;
  } | null;
  original_price?: number | null;
  /** -1 hidden, 0 sold out, otherwise the count left. */
  display_remaining?: number | null;
  rating_average?: number | null;
  rating_count?: number | null;
  category_type?: 'shopping' | 'pickup' | null;
  is_delivery?: boolean | null;
  /** The product's options; with different prices on sale, `price` (their cheapest) shows as "…원부터". */
  options?: readonly OptionLike[] | null;
}

/**
 * `basic`: image, merchant, title, discount and price (home). `full`: also the struck-through
 * original price, stock, rating and, for delivery products, the badges and fixed texts (the
 * catalogue tabs). `row`: `full` laid out sideways for ranked lists.
 */
export type ProductCardVariant = 'basic' | 'full' | 'row';

/**
 * How a meal of the delivery module reaches the buyer: the pickup badge (unless its merchant takes
 * no pickups), the delivery badge when it is delivered too, and only then the merchant's delivery
 * terms: its ETA (when it states one) and its fee; a pickup-only meal has no delivery fee to show.
 * Shopping goods show nothing here.
 */
export function FulfilmentInfo({
  product,
  className,
}: {
  product: Pick<ProductCardData, 'category_type' | 'is_delivery' | 'merchant'>;
  className?: string;
}) {
  if (product.category_type !== 'pickup') return null;
  const terms = product.merchant?.delivery_terms;
  const eta = terms?.eta_text;
  return (
    <div className={className ? `product-fulfilment ${className}` : 'product-fulfilment'}>
      <p className="product-badges">
        {terms?.offers_pickup === false ? null : (
          <span className="badge badge-pickup">
            <ShoppingBag size={12} aria-hidden="true" />
            {m.pickup}
          </span>
        )}
        {product.is_delivery ? (
          <span className="badge badge-delivery">
            <Bike size={12} aria-hidden="true" />
            {m.delivery}
          </span>
        ) : null}
      </p>
      {product.is_delivery && terms ? (
        <p className="product-delivery-info">
          {eta ? (
            <span>
              <Clock size={12} aria-hidden="true" />
              <span className="visually-hidden">{m.eta} </span>
              {eta}
            </span>
          ) : null}
          <span>{deliveryFeeText(terms)}</span>
        </p>
      ) : null}
    </div>
  );
}

function ProductExtras({ product }: { product: ProductCardData }) {
  const stock = stockText(product.display_remaining);
  const ratingCount = product.rating_count ?? 0;
  const ratingAverage = product.rating_average ?? 0;
  // No "★ 0.0 (0)": the rating shows once a review exists, and only where the tenant has reviews.
  const reviewsOn = use(TenantContext)?.isEnabled('reviews') ?? false;
  const showRating = reviewsOn && ratingCount > 0;
  return (
    <>
      {showRating || stock ? (
        <p className="product-meta">
          {showRating ? (
            <span className="product-rating">
              <Star size={14} aria-hidden="true" className="product-star" />
              <span className="visually-hidden">{m.rating(ratingAverage, ratingCount)}</span>
              <span aria-hidden="true">
                {ratingAverage.toFixed(1)} ({ratingCount})
              </span>
            </span>
          ) : null}
          {stock ? (
            <span
              className={`product-stock${product.display_remaining === 0 ? ' is-sold-out' : ''}${isLowStock(product.display_remaining) ? ' is-low' : ''}`}
            >
              {stock}
            </span>
          ) : null}
        </p>
      ) : null}
      <FulfilmentInfo product={product} />
    </>
  );
}

/** How many cards a list's first screen shows on a phone: their pictures are not lazy. */
export const FIRST_SCREEN_CARDS = 4;

/** Image or placeholder, title, merchant name (to its channel), discount rate, price; opens the product. */
export function ProductCard({
  product,
  variant = 'basic',
  headingLevel = 3,
  eager = false,
}: {
  product: ProductCardData;
  variant?: ProductCardVariant;
  headingLevel?: 2 | 3 | 4;
  /** First cards of a screen: the picture loads at once instead of when scrolled near. */
  eager?: boolean;
}) {
  const Heading = `h${headingLevel}` as const;
  const original = variant === 'basic' ? null : shownOriginalPrice(product.price, product.original_price);
  const image = mediaUrl(product.thumbnail_url || product.image_url);
  const merchantId = product.merchant?.owner_id ?? product.merchant?.id;
  const merchantName = product.merchant?.business_name?.trim() || m.defaultMerchant;
  const discount = Math.round(product.discount_rate ?? 0);
  const from = pricedFrom(product.options);
  return (
    <article className={`card product-card product-card-${variant}`}>
      <div className="product-image">
        {image ? (
          <img src={image} alt="" loading={eager ? 'eager' : 'lazy'} />
        ) : (
          <span className="image-placeholder">
            <ImageOff size={28} aria-hidden="true" />
            <span className="visually-hidden">{m.noImage}</span>
          </span>
        )}
      </div>
      <div className="product-body">
        {merchantId !== undefined ? (
          <Link to={paths.merchantChannel.getHref(merchantId)} className="product-merchant">
            {merchantName}
          </Link>
        ) : (
          <span className="product-merchant">{merchantName}</span>
        )}
        <Heading className="product-title">
          <Link to={paths.productDetail.getHref(product.id)} className="card-link">
            {product.title}
          </Link>
        </Heading>
        <p className="product-price tabular">
          {discount > 0 ? (
            <span className="product-discount">
              <span className="visually-hidden">{m.discount} </span>
              {discount}%
            </span>
          ) : null}
          <span className="visually-hidden">{m.price} </span>
          <strong>
            {formatWon(product.price)}
            {from ? <span className="price-from">{m.priceFrom}</span> : null}
          </strong>
          {original !== null ? (
            <del className="product-original">
              <span className="visually-hidden">{m.originalPrice} </span>
              {formatWon(original)}
            </del>
          ) : null}
        </p>
        {variant === 'basic' ? null : <ProductExtras product={product} />}
      </div>
    </article>
  );
}
