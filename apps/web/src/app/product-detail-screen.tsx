import { lazy, Suspense } from 'react';
import ProductDetailPage, { type PurchaseSlot } from '@/features/products/product-detail-page';

// The payment form in its own chunk, loaded when a signed-in buyer presses the purchase button.
const PurchaseDialog = lazy(() =>
  import('@/features/orders/purchase-form').then((m) => ({ default: m.PurchaseDialog })),
);

const purchase: PurchaseSlot = ({ product, quantity, open, onOpenChange }) =>
  open ? (
    <Suspense fallback={null}>
      <PurchaseDialog product={product} quantity={quantity} open={open} onOpenChange={onOpenChange} />
    </Suspense>
  ) : null;

/** /products/{id} with the orders feature's payment form plugged into the purchase button. */
export default function ProductDetailScreen() {
  return <ProductDetailPage purchase={purchase} />;
}
