import { AppError } from '../../platform/errors.js';

/**
 * Only the owning merchant changes a product (its fields, deletion, restoration and images).
 * The caller has already made sure the product is of the request's tenant (another tenant's
 * product answers 404 before this); another merchant of the same tenant gets 403.
 */
export function assertOwner(merchant: { merchantId: number }, product: { merchantId: number }): void {
  if (product.merchantId !== merchant.merchantId) {
    throw AppError.forbidden('본인이 등록한 상품만 관리할 수 있습니다.', 'not_product_owner');
  }
}
