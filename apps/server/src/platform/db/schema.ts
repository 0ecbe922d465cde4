// Every table of the product, for Drizzle's typed queries and for drizzle-kit's migrations.
export * from '../../modules/auth/auth.schema.js';
export * from '../../modules/cart/cart.schema.js';
export * from '../../modules/catalogue/catalogue.schema.js';
export * from '../../modules/content/content.schema.js';
export * from '../../modules/orders/orders.schema.js';
export * from '../../modules/payments/payments.schema.js';
export * from '../../modules/reviews/reviews.schema.js';
export * from '../../modules/tenants/tenants.schema.js';
export * from '../../modules/users/users.schema.js';
export * from '../../modules/wallet/wallet.schema.js';
export * from '../payments/sandbox.schema.js';
export * from '../tracking/sandbox.schema.js';

/**
 * Tables that are not owned by a tenant (Citus reference tables). Every other table must follow
 * the tenant-key rules checked by `findTenancyViolations`.
 */
export const GLOBAL_TABLES = ['tenants', 'platform_settings'] as const;
