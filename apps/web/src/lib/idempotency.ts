import { ApiError } from './api-client';

/**
 * A random v4 UUID for the `Idempotency-Key` header. `crypto.randomUUID` exists only in secure
 * contexts (https, localhost); a plain-http address still has `getRandomValues`.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** True when the server may have carried out a request whose answer never arrived (offline, 5xx). */
export function outcomeUnknown(err: unknown): boolean {
  return !(err instanceof ApiError) || err.status === 0 || err.status >= 500;
}

export interface SubmissionKeys {
  /** The key for this body: the same one while the same body is sent again after an unknown outcome. */
  keyFor: (body: unknown) => string;
  /** After a definitive answer (done or refused) the next submission is a new operation. */
  settle: () => void;
}

/**
 * One idempotency key per money submission of a form. Sending the same body again after a lost
 * answer reuses the key, so the server carries it out at most once; a changed body, or any submission
 * after the server answered, gets a new key.
 */
export function submissionKeys(make: () => string = newIdempotencyKey): SubmissionKeys {
  let last: { body: string; key: string } | null = null;
  return {
    keyFor(body) {
      const text = JSON.stringify(body);
      if (last?.body !== text) last = { body: text, key: make() };
      return last.key;
    },
    settle() {
      last = null;
    },
  };
}
