/** Stub until the merchant tabs land (issue 14). */
export function DeletedProductsTab() {
  return null;
}
