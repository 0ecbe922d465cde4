import { ORDER_QTY_MAX } from '@app/contracts/plain';
import { useSyncExternalStore } from 'react';
import { readItem, removeItem, writeItem } from '@/lib/storage';
import { guestCartKey as keyOf } from './guest-cart-key';

/**
 * A guest's cart, kept in this browser's local storage per tenant until they sign in (then it joins
 * the account's through POST /api/cart/merge, use-guest-cart-merge.ts). It holds what the server
 * needs to add a line (product, option, qty) and what the cart page shows of it until then.
 */
export interface GuestCartLine {
  product_id: number;
  option_id: number | null;
  qty: number;
  title: string;
  option_name: string | null;
  /** The unit price when it was put in (the server prices it again at sign-in). */
  price: number;
  thumbnail_url: string | null;
  /** The seller, to group the lines as the account's cart does. */
  merchant: { id: number; business_name: string } | null;
}

/** Fired on window when this tab changes a guest cart (other tabs hear the storage event). */
const changedEvent = 'guestCartChanged';

const positiveInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;
const text = (v: unknown, max = 300) => (typeof v === 'string' ? v.slice(0, max) : null);

/** One stored line, the fields of the right type only (storage is anybody's to edit). */
function asLine(value: unknown): GuestCartLine | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (!positiveInt(v.product_id) || !positiveInt(v.qty)) return null;
  const merchant = v.merchant as Record<string, unknown> | null | undefined;
  return {
    product_id: v.product_id,
    option_id: positiveInt(v.option_id) ? v.option_id : null,
    qty: Math.min(v.qty, ORDER_QTY_MAX),
    title: text(v.title) ?? '',
    option_name: text(v.option_name),
    price: typeof v.price === 'number' && Number.isFinite(v.price) && v.price >= 0 ? Math.floor(v.price) : 0,
    thumbnail_url: text(v.thumbnail_url, 2000),
    merchant:
      merchant && positiveInt(merchant.id)
        ? { id: merchant.id, business_name: text(merchant.business_name, 100) ?? '' }
        : null,
  };
}

function parse(raw: string | null): GuestCartLine[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.map(asLine).filter((l): l is GuestCartLine => l !== null);
  } catch {
    return [];
  }
}

/** The guest cart of a tenant on this browser (empty when none, or unreadable). */
export function readGuestCart(tenantId: number): GuestCartLine[] {
  return parse(readItem(keyOf(tenantId)));
}

function write(tenantId: number, lines: GuestCartLine[]): void {
  if (lines.length === 0) removeItem(keyOf(tenantId));
  else writeItem(keyOf(tenantId), JSON.stringify(lines));
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(changedEvent));
}

const sameLine = (line: GuestCartLine, productId: number, optionId: number | null) =>
  line.product_id === productId && line.option_id === optionId;

export type GuestAddResult = { ok: true } | { ok: false; reason: 'full' };

/**
 * Puts a line in the guest cart: the same product and option again adds to its qty (up to
 * ORDER_QTY_MAX), as the server does; a new line beyond `maxLines` (the contract's CART_LINES_MAX,
 * passed in so the header's count does not load the contracts) is refused.
 */
export function addGuestLine(tenantId: number, line: GuestCartLine, maxLines: number): GuestAddResult {
  const lines = readGuestCart(tenantId);
  const same = lines.find((l) => sameLine(l, line.product_id, line.option_id));
  if (same) {
    same.qty = Math.min(ORDER_QTY_MAX, same.qty + line.qty);
    // What the page shows is refreshed with what the product page shows now.
    Object.assign(same, { title: line.title, option_name: line.option_name, price: line.price });
    same.thumbnail_url = line.thumbnail_url;
  } else {
    if (lines.length >= maxLines) return { ok: false, reason: 'full' };
    lines.push({ ...line, qty: Math.min(ORDER_QTY_MAX, Math.max(1, Math.floor(line.qty))) });
  }
  write(tenantId, lines);
  return { ok: true };
}

export function setGuestLineQty(tenantId: number, productId: number, optionId: number | null, qty: number): void {
  const lines = readGuestCart(tenantId);
  const line = lines.find((l) => sameLine(l, productId, optionId));
  if (!line) return;
  line.qty = Math.min(ORDER_QTY_MAX, Math.max(1, Math.floor(qty)));
  write(tenantId, lines);
}

export function removeGuestLine(tenantId: number, productId: number, optionId: number | null): void {
  write(
    tenantId,
    readGuestCart(tenantId).filter((l) => !sameLine(l, productId, optionId)),
  );
}

export function clearGuestCart(tenantId: number): void {
  write(tenantId, []);
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key.startsWith('guest-cart:')) onChange();
  };
  window.addEventListener(changedEvent, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(changedEvent, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

// The stored text is the snapshot (a string compares by value); the lines are parsed from it once.
const parsed = new Map<string, GuestCartLine[]>();
function linesOf(raw: string): GuestCartLine[] {
  let lines = parsed.get(raw);
  if (!lines) {
    parsed.clear();
    lines = parse(raw || null);
    parsed.set(raw, lines);
  }
  return lines;
}

/** The guest cart of a tenant, following changes in this tab and others; empty in server rendering. */
export function useGuestCart(tenantId: number): GuestCartLine[] {
  const raw = useSyncExternalStore(
    subscribe,
    () => readItem(keyOf(tenantId)) ?? '',
    () => '',
  );
  return linesOf(raw);
}
