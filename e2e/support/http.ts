import { request as httpRequest } from 'node:http';
import { inject } from 'vitest';
import type { SessionUser, TenantName } from './browser';

/*
 * The one HTTP client of the journeys' set-up, from Node: a product, a customer, points, a feature
 * switch are made through the real API, fast, without a screen the journey is not about. Node
 * cannot resolve *.localhost, so each request goes to 127.0.0.1 with the tenant's Host.
 */

export interface UploadFile {
  field: string;
  name: string;
  type: string;
  bytes: Buffer;
}

export type RequestBody =
  | { json: unknown }
  | { form: Record<string, string> }
  | { multipart: { fields?: Record<string, string>; files: UploadFile[] } };

export interface Answer {
  status: number;
  /** The Location header of a redirect (redirects are not followed), or null. */
  location: string | null;
  /** Seconds the Retry-After header of a 429 asks to wait, or null. */
  retryAfter: number | null;
  text: string;
}

function encode(body: RequestBody | undefined): { payload?: Buffer; type?: string } {
  if (!body) return {};
  if ('json' in body) return { payload: Buffer.from(JSON.stringify(body.json)), type: 'application/json' };
  if ('form' in body) {
    return {
      payload: Buffer.from(new URLSearchParams(body.form).toString()),
      type: 'application/x-www-form-urlencoded',
    };
  }
  const boundary = `----e2e${Date.now().toString(36)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(body.multipart.fields ?? {})) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of body.multipart.files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

/** One request to the test server as `tenant`'s domain, with a bearer token when given. */
export function send(
  tenant: TenantName,
  method: string,
  path: string,
  { token, body }: { token?: string; body?: RequestBody } = {},
): Promise<Answer> {
  const { payload, type } = encode(body);
  const headers: Record<string, string> = { host: `${tenant}.localhost`, accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (type) headers['content-type'] = type;
  if (payload) headers['content-length'] = String(payload.length);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: inject('port'), method, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => {
        const retryAfter = Number.parseInt(String(res.headers['retry-after'] ?? ''), 10);
        resolve({
          status: res.statusCode ?? 0,
          location: res.headers.location ?? null,
          retryAfter: Number.isFinite(retryAfter) ? retryAfter : null,
          text,
        });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * A call that must succeed (2xx); answers the parsed JSON body. Set-up calls share one address, so
 * a per-address rate limit (10 verification mails a minute) can refuse a burst of them: like a
 * patient client, this waits as long as the 429's Retry-After says and asks again (twice at most).
 */
export async function api<T>(
  tenant: TenantName,
  method: string,
  path: string,
  options: { token?: string; body?: RequestBody } = {},
): Promise<T> {
  let answer = await send(tenant, method, path, options);
  for (let retry = 0; retry < 2 && answer.status === 429 && answer.retryAfter !== null; retry += 1) {
    await new Promise((resolve) => setTimeout(resolve, (answer.retryAfter ?? 0) * 1000 + 250));
    answer = await send(tenant, method, path, options);
  }
  if (answer.status < 200 || answer.status >= 300) {
    throw new Error(`e2e: ${method} ${path} on ${tenant} answered ${answer.status} ${answer.text}`);
  }
  return JSON.parse(answer.text) as T;
}

/** A signed-in session: the login API's token and user, as the login screen stores them. */
export interface Session {
  token: string;
  user: SessionUser;
}

/** Signs an account in through the login API (form data, as the login screen sends it). */
export async function login(tenant: TenantName, email: string, password: string): Promise<Session> {
  const answer = await api<{ access_token: string; user: SessionUser }>(tenant, 'POST', '/api/auth/login', {
    body: { form: { username: email, password } },
  });
  return { token: answer.access_token, user: answer.user };
}

/**
 * Switches features of a demo tenant through the admin API as the platform administrator
 * (PUT /api/tenant/{id}/features), runs the journey, and switches them back afterwards, also when
 * the journey fails. Journeys run one at a time, so no other journey sees the change.
 */
export async function withFeatures(
  tenant: TenantName,
  change: (features: Record<string, boolean>) => Record<string, boolean>,
  journey: () => Promise<void>,
): Promise<void> {
  const { token } = await login('farm', 'admin@example.com', 'demo1234');
  const { tenants } = await api<{ tenants: { id: number; domain: string; features: Record<string, boolean> }[] }>(
    'farm',
    'GET',
    '/api/tenant/list',
    { token },
  );
  const target = tenants.find((t) => t.domain === `${tenant}.localhost`);
  if (!target) throw new Error(`e2e: no tenant ${tenant}.localhost`);
  const put = (features: Record<string, boolean>) =>
    api('farm', 'PUT', `/api/tenant/${target.id}/features`, { token, body: { json: { features } } });
  await put(change({ ...target.features }));
  try {
    await journey();
  } finally {
    await put(target.features);
  }
}

type Settings = Record<string, unknown>;

/** The values `change` would overwrite, taken from `current` along the same paths. */
function previousValues(current: Settings, change: Settings, path = ''): Settings {
  const before: Settings = {};
  for (const [key, value] of Object.entries(change)) {
    const old = current[key];
    if (old === undefined) throw new Error(`e2e: withSettings cannot restore ${path}${key}, which was not set`);
    const nested = value !== null && typeof value === 'object' && !Array.isArray(value);
    before[key] = nested ? previousValues(old as Settings, value as Settings, `${path}${key}.`) : old;
  }
  return before;
}

/**
 * Changes settings of a demo tenant through the admin API (PUT /api/tenant/{id}/settings, merged
 * deeply), runs the journey, and puts the previous values back afterwards, also when it fails. Only
 * settings that are already set can be changed (the API merges, so an added key could not be removed).
 */
export async function withSettings(tenant: TenantName, change: Settings, journey: () => Promise<void>): Promise<void> {
  const { token } = await login('farm', 'admin@example.com', 'demo1234');
  const { tenants } = await api<{ tenants: { id: number; domain: string; settings: Settings }[] }>(
    'farm',
    'GET',
    '/api/tenant/list',
    { token },
  );
  const target = tenants.find((t) => t.domain === `${tenant}.localhost`);
  if (!target) throw new Error(`e2e: no tenant ${tenant}.localhost`);
  const before = previousValues(target.settings, change);
  const put = (settings: Settings) =>
    api('farm', 'PUT', `/api/tenant/${target.id}/settings`, { token, body: { json: { settings } } });
  await put(change);
  try {
    await journey();
  } finally {
    await put(before);
  }
}
