/**
 * The name a post shows for its author: a merchant posts under the shop's name (the name that
 * heads the merchant's channel and product cards), a customer under the username. The server
 * sends `business_name` for merchants only; a blank one falls back to the username.
 */
export function authorName(author: { username?: string | null; business_name?: string | null }): string {
  return author.business_name?.trim() || author.username || '';
}
