import { ImageOff } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatWon } from '@/lib/format';
import { mediaUrl } from '@/lib/media';
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
  merchant?: { id: number; owner_id?: number | null; business_name?: string | null } | null;
}

/** Image or placeholder, title, merchant name (to its channel), discount rate, price; opens the product. */
export function ProductCard({ product }: { product: ProductCardData }) {
  const image = mediaUrl(product.thumbnail_url || product.image_url);
  const merchantId = product.merchant?.owner_id ?? product.merchant?.id;
  const merchantName = product.merchant?.business_name?.trim() || m.defaultMerchant;
  const discount = Math.round(product.discount_rate ?? 0);
  return (
    <article className="card product-card">
      <div className="product-image">
        {image ? (
          <img src={image} alt="" loading="lazy" />
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
        <h3 className="product-title">
          <Link to={paths.productDetail.getHref(product.id)} className="card-link">
            {product.title}
          </Link>
        </h3>
        <p className="product-price tabular">
          {discount > 0 ? (
            <span className="product-discount">
              <span className="visually-hidden">{m.discount} </span>
              {discount}%
            </span>
          ) : null}
          <span className="visually-hidden">{m.price} </span>
          <strong>{formatWon(product.price)}</strong>
        </p>
      </div>
    </article>
  );
}
