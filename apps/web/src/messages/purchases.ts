/**
 * How a purchase is described wherever one is listed (the buyer's orders, the merchant's orders and
 * payments, reviews): the option bought and the delivery fee's name.
 */
export const purchaseMessages = {
  /** Under the product's title in an order. */
  option: (name: string) => `옵션: ${name}`,
  /** On a review written after buying that option. */
  reviewOption: (name: string) => `구매 옵션: ${name}`,
  fees: { parcel: '배송비', delivery: '배달비', other: '배송비' },
  free: '무료',
} as const;
