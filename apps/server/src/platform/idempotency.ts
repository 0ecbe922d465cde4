import { createHash } from 'node:crypto';
import { AppError } from './errors.js';

/**
 * Idempotency-Key requests (docs/decisions/029-stock-holds-and-request-keys.md): one key means one
 * request. A retry (same key, same body) answers the first result; the same key with another body
 * is refused with 409 `idempotency_key_reused`, whichever of the two arrived first and however
 * close together. What the first request asked is kept as a fingerprint of its body (or read back
 * from the row it made when that row holds the whole request), compared on every later use.
 */

/** JSON with object keys sorted, so two equal bodies give the same text whatever their key order. */
function canonical(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

/** The fingerprint of what a request asked (its validated body): sha256 of its canonical JSON. */
export function requestFingerprint(body: Record<string, unknown>): string {
  return createHash('sha256').update(canonical(body)).digest('hex');
}

export function idempotencyKeyReused(detail: string) {
  return AppError.conflict(detail, 'idempotency_key_reused');
}

/**
 * Refuses a request whose key was first used with another body. `first` is the fingerprint kept
 * with the key (null for a record made before fingerprints were kept: it cannot be told apart).
 */
export function assertSameRequest(first: string | null | undefined, asked: string, detail: string): void {
  if (first && first !== asked) throw idempotencyKeyReused(detail);
}
