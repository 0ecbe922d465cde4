import { lazy, Suspense } from 'react';
import { useAddToCart } from '@/features/cart/use-add-to-cart';
import ProductDetailPage, { type PurchaseSlot, type ReviewsSlot } from '@/features/products/product-detail-page';
import { inSuspense } from './tab-suspense';

// The payment form in its own chunk, loaded when a signed-in buyer presses the purchase button.
const PurchaseDialog = lazy(() =>
  import('@/features/orders/purchase-form').then((m) => ({ default: m.PurchaseDialog })),
);

const purchase: PurchaseSlot = ({ product, option, quantity, resume, open, onOpenChange }) =>
  open ? (
    <Suspense fallback={null}>
      <PurchaseDialog
        product={product}
        option={option}
        quantity={quantity}
        resume={resume}
        open={open}
        onOpenChange={onOpenChange}
      />
    </Suspense>
  ) : null;

// The reviews feature's tab in its own chunk, loaded when the tab opens (the page opens on the
// product's information); its modal is a chunk of its own too, loaded when it opens.
const ReviewSection = lazy(() =>
  import('@/features/reviews/review-section').then((m) => ({ default: m.ReviewSection })),
);

const reviews: ReviewsSlot = ({ product, onChanged }) =>
  inSuspense(
    <ReviewSection key={product.id} productId={product.id} productTitle={product.title} onChanged={onChanged} />,
  );

/**
 * /products/{id} with the orders feature's payment form, the reviews feature's tab and the cart
 * feature's '장바구니 담기' plugged in.
 */
export default function ProductDetailScreen() {
  const addToCart = useAddToCart();
  return (
    <main id="main">
      <ProductDetailPage purchase={purchase} reviews={reviews} addToCart={addToCart} />
    </main>
  );
}
