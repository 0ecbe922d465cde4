import type { Readable } from 'node:stream';

/** What is known of a stored object without reading it. */
export interface StoredObject {
  size: number;
  contentType: string;
  lastModified: Date;
  /** A strong validator, quoted as HTTP sends it. */
  etag: string;
}

export interface ByteRange {
  /** First byte, inclusive. */
  start: number;
  /** Last byte, inclusive. */
  end: number;
}

export interface ObjectStream extends StoredObject {
  body: Readable;
  /** The bytes the body holds when a range was asked. */
  range?: ByteRange;
}

export interface PutOptions {
  contentType: string;
  /** Required with a stream body (S3 needs it up front); taken from the buffer otherwise. */
  contentLength?: number;
}

/**
 * Where media files live: local disk under DATA_DIR by default, an S3-compatible object store
 * when configured. Keys are relative paths (`tenants/1/products/2/uuid-display.webp`), never
 * user input; see docs/decisions/008-media-storage.md.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer | Readable, options: PutOptions): Promise<void>;
  head(key: string): Promise<StoredObject | null>;
  /** The object (or the asked byte range of it), or null when there is none. */
  get(key: string, range?: ByteRange): Promise<ObjectStream | null>;
  /** Deletes the keys; missing keys are not an error. */
  delete(keys: string[]): Promise<void>;
  /** The address the browser loads the object from (same-origin path unless a public base URL is set). */
  url(key: string): string;
  /** Every stored object whose key starts with `prefix` (finished writes only), in no promised order. */
  list(prefix: string): AsyncIterable<{ key: string; lastModified: Date }>;
  /**
   * Removes what writes interrupted by a crash left behind, older than `before` (the local
   * driver's `.part` files; S3 writes are atomic, nothing to do). Answers how many were removed.
   */
  removeStaleTemporaries(before: Date): Promise<number>;
}

export interface StorageConfig {
  driver: 'local' | 's3';
  /** Root folder of the local driver. */
  localDir: string;
  /** Base of the URLs handed to browsers; default `/api/media`, served by the API (Range, caching). */
  publicBaseUrl?: string;
  s3?: {
    endpoint?: string;
    bucket: string;
    region: string;
    accessKeyId?: string;
    secretAccessKey?: string;
    forcePathStyle: boolean;
  };
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9_.-]*(?:\/[A-Za-z0-9][A-Za-z0-9_.-]*)*$/;

/** A key the adapters accept: relative, no `..`, no empty segments, at most 512 characters. */
export function isValidKey(key: string): boolean {
  return key.length <= 512 && KEY.test(key) && !key.split('/').some((s) => s === '..' || s === '.');
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key).slice(0, 80)}`);
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  avif: 'image/avif',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  json: 'application/json',
  txt: 'text/plain; charset=utf-8',
};

/** The content type of a key by its extension (keys are made by the server, so the extension is true). */
export function contentTypeOfKey(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}

/** Joins the public base and the key (the base may be a path or an absolute URL). */
export function joinUrl(base: string, key: string): string {
  return `${base.replace(/\/+$/, '')}/${key}`;
}
