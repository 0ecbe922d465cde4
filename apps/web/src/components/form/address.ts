/** An address is stored as one string "base, detail" (spec 2.10). */
export function joinAddress(base: string, detail: string): string {
  const b = base.trim();
  const d = detail.trim();
  if (!b) return '';
  return d ? `${b}, ${d}` : b;
}

/** Splits a stored address at its last ", " into the searched base and the typed detail. */
export function splitAddress(value: string | null | undefined): { base: string; detail: string } {
  const v = (value ?? '').trim();
  const at = v.lastIndexOf(', ');
  if (at <= 0) return { base: v, detail: '' };
  return { base: v.slice(0, at), detail: v.slice(at + 2) };
}
