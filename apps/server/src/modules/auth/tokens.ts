import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** An opaque bearer or reset token: 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored instead of a token or a code: its SHA-256 (hex). */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A 6-digit e-mail verification code (leading zeros kept). */
export function newVerificationCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}
