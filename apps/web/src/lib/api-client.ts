import { apiMessages } from '@/messages/common';
import { apiBase } from './media';
import { clearStoredSession, readItem, storageKeys } from './storage';

/** A failed API call: `message` is the text to show (spec 8), `status` the HTTP status (0 offline). */
export class ApiError extends Error {
  readonly status: number;
  readonly data: unknown;
  readonly headers: Headers | undefined;

  constructor(message: string, status: number, data?: unknown, headers?: Headers) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
    this.headers = headers;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart form data (uploads, the login form); the upload error rules apply. */
  formData?: FormData;
  /** Sent as application/x-www-form-urlencoded (the login call's form data). */
  form?: Record<string, string>;
  query?: Record<string, string | number | boolean | null | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** A 401 does not end the session (the login call, token verification). */
  allowUnauthorized?: boolean;
}

type UnauthorizedHandler = () => void;

function defaultUnauthorizedHandler() {
  if (typeof window !== 'undefined' && window.location.pathname !== '/login') window.location.assign('/login');
}

let unauthorizedHandler: UnauthorizedHandler = defaultUnauthorizedHandler;

/**
 * The session provider registers how to leave for /login (a router navigation); until then a full
 * page load does it. Returns a function restoring the default.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = defaultUnauthorizedHandler;
  };
}

/** How a request reaches the API: `fetch` in the browser; server rendering hands its own. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (url, init) => fetch(url, init);

/** Server rendering only (entry-server.tsx): where the app's requests go instead of the network. */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) qs.append(k, String(v));
  const s = qs.toString();
  return `${apiBase}${path}${s ? (path.includes('?') ? '&' : '?') + s : ''}`;
}

/** The message/detail rule of spec 8: `message`, then `detail`, else `HTTP error! status: N`. */
export function errorMessageFrom(data: unknown, status: number): string {
  if (data && typeof data === 'object') {
    const { message, detail } = data as { message?: unknown; detail?: unknown };
    if (typeof message === 'string' && message.trim()) return message;
    if (typeof detail === 'string' && detail.trim()) return detail;
  }
  return apiMessages.httpError(status);
}

/** Upload answers that cannot be parsed (spec 8): 5xx points at size or format, others at retrying. */
export function uploadErrorMessage(status: number): string {
  return status >= 500 ? apiMessages.uploadServerError : apiMessages.uploadOtherError(status);
}

/** Calls the API on the same origin with JSON and the stored bearer token. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = readItem(storageKeys.token);
  if (token) headers.Authorization = `Bearer ${token}`;

  let body: BodyInit | undefined;
  if (options.formData) body = options.formData;
  else if (options.form) body = new URLSearchParams(options.form);
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await transport(buildUrl(path, options.query), {
      method: options.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    throw new ApiError(apiMessages.networkError, 0);
  }

  // The 401 rule ends the session the call was made with. A call that was in flight when the user
  // signed out (or in as someone else) answers 401 for a session that is already gone: leaving for
  // /login then would override where the sign-out was going.
  if (response.status === 401 && !options.allowUnauthorized && readItem(storageKeys.token) === token) {
    clearStoredSession();
    unauthorizedHandler();
  }

  const text = await response.text();
  let data: unknown;
  let parsed = true;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      parsed = false;
    }
  }

  const isUpload = options.formData !== undefined;
  if (!parsed) {
    if (isUpload) throw new ApiError(uploadErrorMessage(response.status), response.status, text, response.headers);
    if (!response.ok)
      throw new ApiError(apiMessages.httpError(response.status), response.status, text, response.headers);
    // A successful answer that is not JSON: hand the text back as is.
    return text as T;
  }
  if (!response.ok) {
    throw new ApiError(errorMessageFrom(data, response.status), response.status, data, response.headers);
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE', body }),
  upload: <T>(path: string, formData: FormData, options?: Omit<RequestOptions, 'body' | 'formData'>) =>
    apiRequest<T>(path, { method: 'POST', ...options, formData }),
};

/** True for the 404 of an API that does not exist yet or a record that is gone. */
export function isNotFound(err: unknown): boolean {
  return err instanceof ApiError && err.status === 404;
}

/** The `detail` of an API error answer `{ detail, code }`, when the server sent one. */
export function apiErrorDetail(err: unknown): string | undefined {
  if (!(err instanceof ApiError)) return undefined;
  const detail = (err.data as { detail?: unknown } | undefined)?.detail;
  return typeof detail === 'string' && detail.trim() ? detail : undefined;
}

/** The stable `code` of an API error answer (`insufficient_balance`, `payment_pending`, …). */
export function apiErrorCode(err: unknown): string | undefined {
  if (!(err instanceof ApiError)) return undefined;
  const code = (err.data as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}
