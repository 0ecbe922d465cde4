import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import {
  assertValidKey,
  type ByteRange,
  contentTypeOfKey,
  joinUrl,
  type ObjectStream,
  type PutOptions,
  type Storage,
  type StorageConfig,
} from './storage.js';

function isMissing(err: unknown): boolean {
  if (err instanceof S3ServiceException) {
    return err.$metadata.httpStatusCode === 404 || err.name === 'NotFound' || err.name === 'NoSuchKey';
  }
  return false;
}

/** An S3-compatible bucket (AWS S3, MinIO, R2, s3rver in tests) through the AWS SDK. */
export function createS3Storage(
  config: NonNullable<StorageConfig['s3']>,
  publicBaseUrl = '/api/media',
  client?: S3Client,
): Storage & { client: S3Client } {
  const s3 =
    client ??
    new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
    });
  const Bucket = config.bucket;

  return {
    kind: 's3',
    client: s3,
    async put(key: string, body: Buffer | Readable, options: PutOptions) {
      assertValidKey(key);
      const length = Buffer.isBuffer(body) ? body.length : options.contentLength;
      if (length === undefined) throw new Error('a stream put needs contentLength');
      await s3.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentType: options.contentType,
          ContentLength: length,
          // Keys are never rewritten (a new upload is a new key), so a direct bucket URL may cache forever.
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async head(key: string) {
      assertValidKey(key);
      try {
        const out = await s3.send(new HeadObjectCommand({ Bucket, Key: key }));
        return {
          size: out.ContentLength ?? 0,
          contentType: out.ContentType ?? contentTypeOfKey(key),
          lastModified: out.LastModified ?? new Date(0),
          etag: out.ETag ?? `"${out.ContentLength ?? 0}"`,
        };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async get(key: string, range?: ByteRange): Promise<ObjectStream | null> {
      assertValidKey(key);
      try {
        const out = await s3.send(
          new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        );
        // The total size: from Content-Range when a range was asked.
        const total = out.ContentRange ? Number(out.ContentRange.split('/')[1]) : (out.ContentLength ?? 0);
        return {
          size: total,
          contentType: out.ContentType ?? contentTypeOfKey(key),
          lastModified: out.LastModified ?? new Date(0),
          etag: out.ETag ?? `"${total}"`,
          body: out.Body as Readable,
          range,
        };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(keys: string[]) {
      for (let i = 0; i < keys.length; i += 1000) {
        const chunk = keys.slice(i, i + 1000);
        for (const key of chunk) assertValidKey(key);
        if (chunk.length === 0) continue;
        await s3.send(
          new DeleteObjectsCommand({ Bucket, Delete: { Objects: chunk.map((Key) => ({ Key })), Quiet: true } }),
        );
      }
    },
    url: (key: string) => joinUrl(publicBaseUrl, key),
    async *list(prefix: string) {
      let ContinuationToken: string | undefined;
      do {
        const out = await s3.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        for (const o of out.Contents ?? []) {
          if (o.Key) yield { key: o.Key, lastModified: o.LastModified ?? new Date() };
        }
        ContinuationToken = out.IsTruncated ? out.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    // A put is one request (no partial object); an interrupted multipart upload is the bucket's
    // lifecycle rule's to abort.
    removeStaleTemporaries: async () => 0,
  };
}
