import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { productOptions, products } from '../catalogue/catalogue.schema.js';
import type { TenantRow } from '../tenants/tenants.schema.js';
import { addCartLine } from './cart.repository.js';

/**
 * The demo customer's cart (issue 40): goods of up to three merchants on sale, an option where
 * the product has options, so the cart page opens with groups, fees and a free-delivery hint.
 */
export async function seedDemoCart(tx: DbOrTx, tenant: TenantRow, customerId: number): Promise<void> {
  const kinds = [tenant.features.shopping ? 'shopping' : null, tenant.features.delivery ? 'pickup' : null];
  const onSale = await tx
    .select({
      id: products.id,
      merchantId: products.merchantId,
      price: products.price,
      hasOptions: products.hasOptions,
      categoryType: products.categoryType,
    })
    .from(products)
    .where(
      and(
        eq(products.tenantId, tenant.id),
        isNull(products.deletedAt),
        eq(products.isAvailable, true),
        ne(products.displayRemaining, 0),
      ),
    )
    .orderBy(asc(products.id))
    .limit(200);
  const picked = new Map<number, (typeof onSale)[number]>();
  for (const p of onSale) {
    if (!kinds.includes(p.categoryType) || picked.has(p.merchantId)) continue;
    picked.set(p.merchantId, p);
    if (picked.size === 3) break;
  }
  for (const [i, p] of [...picked.values()].entries()) {
    const [option] = p.hasOptions
      ? await tx
          .select({ id: productOptions.id, price: productOptions.price })
          .from(productOptions)
          .where(
            and(
              eq(productOptions.tenantId, tenant.id),
              eq(productOptions.productId, p.id),
              isNull(productOptions.deletedAt),
              eq(productOptions.isAvailable, true),
              ne(productOptions.remaining, 0),
            ),
          )
          .orderBy(asc(productOptions.sortOrder), asc(productOptions.id))
          .limit(1)
      : [];
    if (p.hasOptions && !option) continue;
    await addCartLine(tx, {
      tenantId: tenant.id,
      userId: customerId,
      productId: p.id,
      optionId: option?.id ?? null,
      qty: i === 0 ? 2 : 1,
      price: option?.price ?? p.price,
    });
  }
}
