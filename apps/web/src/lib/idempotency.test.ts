import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { newIdempotencyKey, outcomeUnknown, submissionKeys } from './idempotency';

describe('idempotency keys of money submissions', () => {
  it('makes random v4 UUIDs', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });

  it('sends the same body again with the same key until the server has answered', () => {
    let n = 0;
    const keys = submissionKeys(() => `k${++n}`);
    const body = { to_user_id: 2, amount: 1000, memo: '' };
    expect(keys.keyFor(body)).toBe('k1');
    expect(keys.keyFor({ ...body })).toBe('k1');
    expect(keys.keyFor({ ...body, amount: 2000 })).toBe('k2');
    keys.settle();
    expect(keys.keyFor({ ...body, amount: 2000 })).toBe('k3');
  });

  it('treats a lost answer or a server error as unknown, a refusal as an answer', () => {
    expect(outcomeUnknown(new ApiError('offline', 0))).toBe(true);
    expect(outcomeUnknown(new ApiError('bad gateway', 502))).toBe(true);
    expect(outcomeUnknown(new ApiError('잔액이 부족합니다.', 400))).toBe(false);
    expect(outcomeUnknown(new TypeError('boom'))).toBe(true);
  });
});
