/** One block of the delivery screen: a heading and its slice of the ranked list. */
export interface DeliverySection<T> {
  key: 'hot' | 'repurchase' | 'today' | 'ranking' | 'list';
  items: T[];
  /** Ranked blocks show big cards; lists show rows. */
  style: 'feature' | 'rank' | 'list';
}

/**
 * Spec part 2, section 2: for 'all', hot now (items 1-2), top-3 repurchase (3-5) and today's
 * restaurants (6-10); for one category, the real-time ranking (1-2) and the rest as a list.
 * Empty blocks are left out.
 */
export function deliverySections<T>(products: readonly T[], category: string): DeliverySection<T>[] {
  const sections: DeliverySection<T>[] =
    category === 'all'
      ? [
          { key: 'hot', items: products.slice(0, 2), style: 'feature' },
          { key: 'repurchase', items: products.slice(2, 5), style: 'rank' },
          { key: 'today', items: products.slice(5, 10), style: 'list' },
        ]
      : [
          { key: 'ranking', items: products.slice(0, 2), style: 'feature' },
          { key: 'list', items: products.slice(2), style: 'list' },
        ];
  return sections.filter((s) => s.items.length > 0);
}
