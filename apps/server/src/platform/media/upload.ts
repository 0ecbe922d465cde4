import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import type { Storage } from '../storage/storage.js';
import { checkedText } from '../text-input.js';
import { type AcceptedImageType, makeImageVariants, SNIFF_BYTES, sniffImage, UnreadableImageError } from './images.js';

export interface UploadMessages {
  missing: string;
  tooLarge: string;
  heic: string;
  imageOnly: string;
}

export interface ImageUpload {
  data: Buffer;
  mime: AcceptedImageType;
  /** The client's file name, cleaned (display only; never part of a storage key). */
  fileName: string;
  /** The text fields of the form. */
  fields: Record<string, string>;
}

/** A display name without paths, control characters or excess length. */
export function cleanFileName(name: string | undefined): string {
  const base = ((name ?? '').split(/[\\/]/).pop() ?? '').toWellFormed();
  const cleaned = [...base]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f && !'<>:"|?*'.includes(c))
    .join('')
    .trim()
    .slice(0, 200);
  return cleaned || 'image';
}

/**
 * Reads the one image file of a multipart request (the plugin's limits end the stream at the
 * size limit while reading), from the file field `field`. Its type is judged by its first bytes as
 * soon as they arrive; a file of another type is drained, never kept, and refused with the
 * matching message.
 */
export async function readImageUpload(
  request: FastifyRequest,
  messages: UploadMessages,
  field = 'file',
): Promise<ImageUpload> {
  if (!request.isMultipart()) throw AppError.badRequest(messages.missing, 'file_missing');
  const fields: Record<string, string> = {};
  let upload: { data: Buffer; mime: AcceptedImageType; fileName: string } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') {
        fields[part.fieldname] = checkedText(part.fieldname, String(part.value));
        continue;
      }
      if (upload || part.fieldname !== field) {
        part.file.resume();
        continue;
      }
      const chunks: Buffer[] = [];
      let total = 0;
      let verdict: Awaited<ReturnType<typeof sniffImage>> | undefined;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        if (verdict && verdict.kind !== 'image') continue; // drain a refused file
        chunks.push(chunk);
        total += chunk.length;
        if (!verdict && total >= SNIFF_BYTES) verdict = await sniffImage(Buffer.concat(chunks));
      }
      if (part.file.truncated) throw fileTooLarge(messages);
      verdict ??= await sniffImage(Buffer.concat(chunks));
      if (verdict.kind === 'heic') throw new AppError(415, 'heic_not_supported', messages.heic);
      if (verdict.kind !== 'image') throw new AppError(415, 'unsupported_media_type', messages.imageOnly);
      upload = { data: Buffer.concat(chunks, total), mime: verdict.mime, fileName: cleanFileName(part.filename) };
    }
  } catch (err) {
    throw mapMultipartError(err, messages);
  }
  if (!upload) throw AppError.badRequest(messages.missing, 'file_missing');
  return { ...upload, fields };
}

function fileTooLarge(messages: UploadMessages) {
  return new AppError(413, 'file_too_large', messages.tooLarge);
}

/** @fastify/multipart's own errors in the one error shape. */
function mapMultipartError(err: unknown, messages: UploadMessages): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return fileTooLarge(messages);
    case 'FST_FILES_LIMIT':
      return new AppError(413, 'too_many_files', '한 번에 하나의 파일만 업로드할 수 있습니다.');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError(413, 'too_many_parts', '요청에 항목이 너무 많습니다.');
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return AppError.badRequest(messages.missing, 'file_missing');
    default:
      // busboy's own parse errors (a malformed body) are client errors too.
      if (err instanceof Error && /multipart|boundary|unexpected end/i.test(err.message)) {
        return AppError.badRequest('multipart 요청 본문이 올바르지 않습니다.', 'bad_multipart');
      }
      return err;
  }
}

/** An uploaded image as stored: the display size and the thumbnail, by storage key. */
export interface StoredImage {
  fileKey: string;
  thumbnailKey: string;
  contentType: string;
  width: number;
  height: number;
  sizeBytes: number;
}

/**
 * Re-encodes an uploaded image (`makeImageVariants`: WebP, metadata dropped; one that does not
 * decode answers 400 `image_unreadable` with `unreadable`), stores both sizes under `prefix`, then
 * runs `record` (the row, in its transaction). When `record` fails the files are removed again.
 */
export async function storeImage<T>(
  storage: Storage,
  data: Buffer,
  options: { prefix: string; unreadable: string },
  record: (image: StoredImage) => Promise<T>,
): Promise<T> {
  let variants: Awaited<ReturnType<typeof makeImageVariants>>;
  try {
    variants = await makeImageVariants(data);
  } catch (err) {
    if (err instanceof UnreadableImageError) throw AppError.badRequest(options.unreadable, 'image_unreadable');
    throw err;
  }
  const base = `${options.prefix}/${randomUUID()}`;
  const fileKey = `${base}-display.${variants.display.extension}`;
  const thumbnailKey = `${base}-thumb.${variants.thumbnail.extension}`;
  await storage.put(fileKey, variants.display.data, { contentType: variants.display.contentType });
  await storage.put(thumbnailKey, variants.thumbnail.data, { contentType: variants.thumbnail.contentType });
  try {
    return await record({
      fileKey,
      thumbnailKey,
      contentType: variants.display.contentType,
      width: variants.display.width,
      height: variants.display.height,
      sizeBytes: variants.display.data.length,
    });
  } catch (err) {
    await storage.delete([fileKey, thumbnailKey]).catch(() => undefined);
    throw err;
  }
}
