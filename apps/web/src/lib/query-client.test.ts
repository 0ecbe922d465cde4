import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';
import { createQueryClient, RETRY_DELAY_MS } from './query-client';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** Runs one query through the app's client against `fetchMock`; answers how it ended and when. */
async function runQuery(fetchMock: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetchMock);
  vi.useFakeTimers();
  const client = createQueryClient();
  const started = Date.now();
  const outcome = client.fetchQuery({ queryKey: ['x'], queryFn: ({ signal }) => api.get('/api/x', { signal }) }).then(
    (data) => ({ data, error: undefined, elapsed: Date.now() - started }),
    (error: unknown) => ({ data: undefined, error: error as { status?: number }, elapsed: Date.now() - started }),
  );
  await vi.runAllTimersAsync();
  return { ...(await outcome), calls: fetchMock.mock.calls.length };
}

const answer = (status: number) => async () =>
  new Response(JSON.stringify({ detail: 'x' }), { status, headers: { 'content-type': 'application/json' } });

describe('query retry rule (fail fast)', () => {
  it('shows a server error at once: a 500 is asked once and never retried', async () => {
    const run = await runQuery(vi.fn(answer(500)));
    expect(run.calls).toBe(1);
    expect(run.error?.status).toBe(500);
    expect(run.elapsed).toBeLessThan(RETRY_DELAY_MS);
  });

  it('never retries a 4xx answer', async () => {
    for (const status of [400, 401, 403, 404, 409, 429]) {
      localStorage.clear();
      const run = await runQuery(vi.fn(answer(status)));
      expect(run.calls, `status ${status}`).toBe(1);
    }
  });

  it('tries a request that got no answer once more, after a short pause', async () => {
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockImplementation(async () => new Response('{"ok":true}', { status: 200 }));
    const run = await runQuery(fetchMock);
    expect(run.calls).toBe(2);
    expect(run.data).toEqual({ ok: true });
    expect(run.elapsed).toBe(RETRY_DELAY_MS);
  });

  it('gives up after that one retry when the network stays down', async () => {
    const run = await runQuery(vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    expect(run.calls).toBe(2);
    expect(run.error?.status).toBe(0);
  });
});
