import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { postMessages } from '@app/contracts';
import sharp from 'sharp';
import { AppError } from '../../platform/errors.js';
import { makeImageVariants, UnreadableImageError } from '../../platform/media/images.js';
import type { Storage } from '../../platform/storage/storage.js';
import type { UploadedFile } from './post-upload.js';

let ffmpeg: string | null | undefined;
/** The ffmpeg binary shipped by @ffmpeg-installer/ffmpeg, or null where it is not available. */
export function ffmpegPath(): string | null {
  if (ffmpeg === undefined) {
    try {
      ffmpeg = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
    } catch {
      ffmpeg = null;
    }
  }
  return ffmpeg;
}

/** Runs ffmpeg and answers its standard output (null when it failed or took longer than 20 s). */
export function runFfmpeg(args: string[], input?: Buffer): Promise<Buffer | null> {
  const bin = ffmpegPath();
  if (!bin) return Promise.resolve(null);
  return new Promise((resolve) => {
    const child = spawn(bin, ['-hide_banner', '-loglevel', 'error', ...args], { stdio: ['pipe', 'pipe', 'ignore'] });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.on('error', () => resolve(null));
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(code === 0 && chunks.length ? Buffer.concat(chunks) : null);
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });
}

/** A frame of the video as JPEG (at 1 s, else the first frame), or null when ffmpeg cannot read it. */
async function extractFrame(path: string): Promise<Buffer | null> {
  for (const at of ['1', '0']) {
    const frame = await runFfmpeg([
      '-ss',
      at,
      '-i',
      path,
      '-frames:v',
      '1',
      '-f',
      'image2pipe',
      '-vcodec',
      'mjpeg',
      '-',
    ]);
    if (frame) return frame;
  }
  return null;
}

/** A dark poster with a play mark, for a video no frame could be taken from. */
export function placeholderPoster(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360">
    <rect width="640" height="360" fill="#1f2937"/>
    <circle cx="320" cy="180" r="54" fill="#ffffff" fill-opacity="0.85"/>
    <polygon points="302,150 302,210 352,180" fill="#1f2937"/></svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}

/** A client-made thumbnail: a data URL (`data:image/jpeg;base64,...`) or bare base64. */
export function decodeThumbnailData(data: string): Buffer {
  const comma = data.startsWith('data:') ? data.indexOf(',') : -1;
  return Buffer.from(comma >= 0 ? data.slice(comma + 1) : data, 'base64');
}

/** Re-encodes an image made elsewhere (client thumbnail, video frame) to the display WebP. */
async function posterFrom(image: Buffer): Promise<Buffer> {
  try {
    return (await makeImageVariants(image)).display.data;
  } catch (err) {
    if (err instanceof UnreadableImageError)
      throw AppError.badRequest(postMessages.thumbnailFailed, 'thumbnail_unreadable');
    throw err;
  }
}

export interface StoredMedia {
  mediaType: 'image' | 'video';
  fileKey: string;
  thumbnailKey: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
}

/** Stores a client thumbnail for existing media; answers the new key. */
export async function storeThumbnail(storage: Storage, tenantId: number, data: string): Promise<string> {
  const poster = await posterFrom(decodeThumbnailData(data));
  const key = `tenants/${tenantId}/posts/${randomUUID()}-poster.webp`;
  await storage.put(key, poster, { contentType: 'image/webp' });
  return key;
}

/**
 * Stores one upload: an image re-encoded by sharp (display WebP and a 400 px thumbnail); a video
 * as uploaded once ffmpeg decoded a frame of it (refused otherwise, and where ffmpeg is missing),
 * with a poster from the client's thumbnail, else that frame, else a generated placeholder.
 * `written` collects every key stored, so a failure can remove them.
 */
export async function storeUpload(
  storage: Storage,
  tenantId: number,
  file: UploadedFile,
  clientThumbnail: string | undefined,
  written: string[],
): Promise<StoredMedia> {
  const base = `tenants/${tenantId}/posts/${randomUUID()}`;
  if (file.kind === 'image') {
    let variants: Awaited<ReturnType<typeof makeImageVariants>>;
    try {
      variants = await makeImageVariants(await readFile(file.path));
    } catch (err) {
      if (err instanceof UnreadableImageError) {
        throw new AppError(415, 'unsupported_media_type', postMessages.unsupportedFile(file.fileName));
      }
      throw err;
    }
    const fileKey = `${base}-display.webp`;
    const thumbnailKey = `${base}-thumb.webp`;
    written.push(fileKey, thumbnailKey);
    await storage.put(fileKey, variants.display.data, { contentType: 'image/webp' });
    await storage.put(thumbnailKey, variants.thumbnail.data, { contentType: 'image/webp' });
    return {
      mediaType: 'image',
      fileKey,
      thumbnailKey,
      fileName: file.fileName,
      contentType: 'image/webp',
      sizeBytes: variants.display.data.length,
    };
  }
  // The first bytes only said "MP4" or "WebM": a file is kept as a video only when ffmpeg decodes
  // a frame of it (a header followed by HTML or junk does not), and never when it cannot be checked.
  const frame = await extractFrame(file.path);
  if (!frame) throw new AppError(415, 'unsupported_media_type', postMessages.unsupportedFile(file.fileName));
  const poster = clientThumbnail
    ? await posterFrom(decodeThumbnailData(clientThumbnail))
    : await posterFrom(frame).catch(() => null);
  const fileKey = `${base}.${file.extension}`;
  const thumbnailKey = `${base}-poster.webp`;
  written.push(fileKey, thumbnailKey);
  await storage.put(thumbnailKey, poster ?? (await placeholderPoster()), { contentType: 'image/webp' });
  await storage.put(fileKey, createReadStream(file.path), { contentType: file.mime, contentLength: file.size });
  return {
    mediaType: 'video',
    fileKey,
    thumbnailKey,
    fileName: file.fileName,
    contentType: file.mime,
    sizeBytes: file.size,
  };
}
