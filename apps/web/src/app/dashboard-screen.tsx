import type { Review } from '@app/contracts';
import { lazy } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { CommentList } from '@/features/content/comment-thread';
import { setLike } from '@/features/content/content.api';
import { ShareMenu } from '@/features/content/share-menu';
import DashboardPage from '@/features/dashboard/dashboard-page';
import type { DashboardParts } from '@/features/dashboard/dashboard-parts';
import { MerchantOrdersTab } from '@/features/merchant-orders/merchant-orders-tab';
import { ReviewItem } from '@/features/reviews/review-item';
import { ReviewStars } from '@/features/reviews/review-stars';
import { inSuspense } from './tab-suspense';

// The merchant tabs in chunks of their own: the payments tab brings a chart library along, so it
// loads only when a merchant opens it.
const MerchantProductsTab = lazy(() =>
  import('@/features/merchant-tabs/products-tab').then((mod) => ({ default: mod.MerchantProductsTab })),
);
const DeletedProductsTab = lazy(() =>
  import('@/features/merchant-tabs/deleted-products-tab').then((mod) => ({ default: mod.DeletedProductsTab })),
);
const DeliveryTermsTab = lazy(() =>
  import('@/features/merchant-tabs/delivery-terms-tab').then((mod) => ({ default: mod.DeliveryTermsTab })),
);
const PaymentsTab = lazy(() =>
  import('@/features/merchant-tabs/payments-tab').then((mod) => ({ default: mod.PaymentsTab })),
);

/**
 * The user's own review in the dashboard: editing and deleting happen on the product's reviews
 * tab, where the review form lives.
 */
function OwnReview({ review }: { review: Review }) {
  const navigate = useNavigate();
  const open = () => navigate(paths.productDetail.getHref(review.product_id, 'reviews'));
  return <ReviewItem review={review} onEdit={open} onDelete={open} />;
}

const parts: DashboardParts = {
  ShareButton: ShareMenu,
  setLike,
  CommentList,
  ReviewItem: OwnReview,
  ReviewStars,
  merchantTabs: {
    products: inSuspense(<MerchantProductsTab />),
    'deleted-products': inSuspense(<DeletedProductsTab />),
    delivery: <MerchantOrdersTab />,
    'delivery-terms': inSuspense(<DeliveryTermsTab />),
    payments: inSuspense(<PaymentsTab />),
  },
};

/** /dashboard and /merchant/dashboard with the content, reviews and merchant features plugged in. */
export default function DashboardScreen() {
  return <DashboardPage parts={parts} />;
}
