import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, errorMessageFrom, setUnauthorizedHandler, uploadErrorMessage } from './api-client';

function respond(status: number, body: unknown, contentType = 'application/json') {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return vi.fn(async () => new Response(text, { status, headers: { 'content-type': contentType } }));
}

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('sends JSON with the bearer token from local storage', async () => {
    localStorage.setItem('token', 'abc');
    const fetchMock = respond(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.post('/api/x', { a: 1 })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/x');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer abc');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"a":1}');
  });

  it('sends no Authorization header without a token and builds the query string', async () => {
    const fetchMock = respond(200, []);
    vi.stubGlobal('fetch', fetchMock);
    await api.get('/api/main/delivery', { query: { limit: 6, q: undefined } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/main/delivery?limit=6');
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('takes the error text from message, then detail, else HTTP error! status: N', async () => {
    vi.stubGlobal('fetch', respond(400, { message: '메시지', detail: '상세' }));
    await expect(api.get('/api/x')).rejects.toThrow('메시지');
    vi.stubGlobal('fetch', respond(404, { detail: '찾을 수 없습니다.', code: 'not_found' }));
    await expect(api.get('/api/x')).rejects.toMatchObject({ message: '찾을 수 없습니다.', status: 404 });
    vi.stubGlobal('fetch', respond(500, {}));
    await expect(api.get('/api/x')).rejects.toThrow('HTTP error! status: 500');
    vi.stubGlobal('fetch', respond(502, '<html>Bad gateway</html>', 'text/html'));
    await expect(api.get('/api/x')).rejects.toThrow('HTTP error! status: 502');
  });

  it('a 401 clears token and user and leaves for /login', async () => {
    localStorage.setItem('token', 'abc');
    localStorage.setItem('user', '{"id":1}');
    const handler = vi.fn();
    const restore = setUnauthorizedHandler(handler);
    vi.stubGlobal('fetch', respond(401, { detail: '인증이 필요합니다.', code: 'unauthorized' }));
    await expect(api.get('/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(handler).toHaveBeenCalledOnce();
    restore();
  });

  it('a 401 to a call sent before the user signed out (or in anew) leaves the new state alone', async () => {
    localStorage.setItem('token', 'old');
    const handler = vi.fn();
    const restore = setUnauthorizedHandler(handler);
    let answer: (r: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const inFlight = api.get('/api/tenant/list');
    // The user signs out while the call is on its way, then another account signs in.
    localStorage.removeItem('token');
    localStorage.setItem('token', 'new');
    answer(new Response(JSON.stringify({ detail: '로그인이 만료되었습니다.' }), { status: 401 }));
    await expect(inFlight).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('token')).toBe('new');
    expect(handler).not.toHaveBeenCalled();
    restore();
  });

  it('a call that tolerates 401 (the login call) keeps the session', async () => {
    localStorage.setItem('token', 'abc');
    const handler = vi.fn();
    const restore = setUnauthorizedHandler(handler);
    vi.stubGlobal('fetch', respond(401, { detail: '이메일 또는 비밀번호가 올바르지 않습니다.' }));
    await expect(api.post('/api/auth/login', undefined, { allowUnauthorized: true })).rejects.toThrow(
      '이메일 또는 비밀번호가 올바르지 않습니다.',
    );
    expect(localStorage.getItem('token')).toBe('abc');
    expect(handler).not.toHaveBeenCalled();
    restore();
  });

  it('uploads: an unparsable answer gives the size/format message at 5xx, else the retry message', async () => {
    vi.stubGlobal('fetch', respond(500, 'Internal Server Error', 'text/plain'));
    await expect(api.upload('/api/u', new FormData())).rejects.toThrow(uploadErrorMessage(500));
    vi.stubGlobal('fetch', respond(413, '<html>too large</html>', 'text/html'));
    await expect(api.upload('/api/u', new FormData())).rejects.toThrow(uploadErrorMessage(413));
    expect(uploadErrorMessage(500)).toContain('파일이 너무 크거나');
    expect(uploadErrorMessage(413)).toContain('413');
    vi.stubGlobal('fetch', respond(400, { detail: '지원하지 않는 파일 형식입니다: a.exe' }));
    await expect(api.upload('/api/u', new FormData())).rejects.toThrow('지원하지 않는 파일 형식입니다: a.exe');
  });

  it('sends form data without a JSON content type', async () => {
    const fetchMock = respond(200, { id: 1 });
    vi.stubGlobal('fetch', fetchMock);
    const fd = new FormData();
    fd.append('file', 'x');
    await api.upload('/api/u', fd);
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBe(fd);
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('a network failure becomes an ApiError with status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(api.get('/api/x')).rejects.toMatchObject({ status: 0 });
  });

  it('errorMessageFrom ignores non-string message and detail', () => {
    expect(errorMessageFrom({ detail: [{ msg: 'x' }] }, 422)).toBe('HTTP error! status: 422');
    expect(errorMessageFrom(null, 418)).toBe('HTTP error! status: 418');
  });
});
