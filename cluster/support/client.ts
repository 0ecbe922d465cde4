import http from 'node:http';

/*
 * A small HTTP client for the cluster's tests: each call names the tenant by its Host (Node cannot
 * resolve *.localhost), and may carry a bearer token, an Idempotency-Key and a client address
 * (X-Forwarded-For, believed because every process here is on the trusted loopback).
 */

export interface Answer<T = unknown> {
  status: number;
  body: T;
  text: string;
  headers: http.IncomingHttpHeaders;
}

export interface CallOptions {
  token?: string;
  key?: string;
  /** The client address the API sees (rate limits count per address). */
  from?: string;
  body?: unknown;
  /** A form body (the sandbox checkout page). */
  form?: Record<string, string>;
  timeoutMs?: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

export function call<T = unknown>(
  origin: string,
  host: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer<T>> {
  const url = new URL(path, origin);
  const payload =
    options.body !== undefined
      ? Buffer.from(JSON.stringify(options.body))
      : options.form
        ? Buffer.from(new URLSearchParams(options.form).toString())
        : undefined;
  const headers: Record<string, string> = { host };
  if (payload) {
    headers['content-type'] = options.form ? 'application/x-www-form-urlencoded' : 'application/json';
    headers['content-length'] = String(payload.length);
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.key) headers['idempotency-key'] = options.key;
  if (options.from) headers['x-forwarded-for'] = options.from;
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, method, path: url.pathname + url.search, headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          if (String(res.headers['content-type'] ?? '').includes('json')) {
            try {
              body = JSON.parse(text);
            } catch {
              // left as text
            }
          }
          resolve({ status: res.statusCode ?? 0, body: body as T, text, headers: res.headers });
        });
      },
    );
    req.setTimeout(options.timeoutMs ?? 30_000, () => req.destroy(new Error(`timeout: ${method} ${path}`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** The calls of one tenant at one origin (the balancer or one node). */
export function tenantApi(origin: string, host: string) {
  return {
    origin,
    host,
    get: <T = unknown>(path: string, options?: CallOptions) => call<T>(origin, host, 'GET', path, options),
    post: <T = unknown>(path: string, body: unknown, options?: CallOptions) =>
      call<T>(origin, host, 'POST', path, { ...options, body }),
    put: <T = unknown>(path: string, body: unknown, options?: CallOptions) =>
      call<T>(origin, host, 'PUT', path, { ...options, body }),
    del: <T = unknown>(path: string, options?: CallOptions) => call<T>(origin, host, 'DELETE', path, options),
    /** Signs in and answers the access token (throws on anything but 200). */
    async login(email: string, password = 'demo1234'): Promise<string> {
      const res = await call<{ access_token: string }>(origin, host, 'POST', '/api/auth/login', {
        body: { username: email, password },
        from: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      });
      if (res.status !== 200) throw new Error(`login ${email} at ${origin}: ${res.status} ${res.text}`);
      return res.body.access_token;
    },
  };
}

export type TenantApi = ReturnType<typeof tenantApi>;

/** Expects a status; throws with the answer otherwise. */
export function expectStatus<T>(answer: Answer<T>, status: number, what: string): T {
  if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${answer.text.slice(0, 300)}`);
  return answer.body;
}
