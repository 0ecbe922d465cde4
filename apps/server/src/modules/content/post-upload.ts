import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { POST_FILES_MAX, postMessages } from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../platform/errors.js';
import { ACCEPTED_IMAGE_TYPES, SNIFF_BYTES } from '../../platform/media/images.js';
import { cleanFileName } from '../../platform/media/upload.js';
import { checkedText } from '../../platform/text-input.js';

/** Temporary folders of the post forms being read: `{os tmp}/post-upload-XXXXXX`. */
const TEMP_PREFIX = 'post-upload-';

/**
 * Removes the temporary folders of post forms older than `before` (a crash skips their removal).
 * Answers how many were removed.
 */
export async function removeStaleUploadFolders(before: Date, dir = tmpdir()): Promise<number> {
  let removed = 0;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!name.startsWith(TEMP_PREFIX)) continue;
    const path = join(dir, name);
    const s = await stat(path).catch(() => null);
    if (!s?.isDirectory() || s.mtime >= before) continue;
    await rm(path, { recursive: true, force: true }).catch(() => undefined);
    removed++;
  }
  return removed;
}

/** Videos browsers play, by content: stored as uploaded with this extension. */
const ACCEPTED_VIDEOS: Record<string, string> = {
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
  'video/x-m4v': 'm4v',
};

export interface UploadedFile {
  kind: 'image' | 'video';
  mime: string;
  extension: string;
  fileName: string;
  /** A temporary file holding the bytes (removed by `cleanup`). */
  path: string;
  size: number;
}

export interface PostForm {
  fields: Record<string, string>;
  files: UploadedFile[];
  /** Removes the temporary files; call it in `finally`. */
  cleanup: () => Promise<void>;
}

/** The multipart plugin's limits for the post forms (the file size limit comes from config). */
export function postMultipartLimits(fileBytesMax: number) {
  return {
    fileSize: fileBytesMax,
    files: POST_FILES_MAX,
    fields: 20,
    // custom_thumbnails carries up to ten client-made JPEGs as data URLs.
    fieldSize: 12 * 1024 * 1024,
    parts: POST_FILES_MAX + 20,
    headerPairs: 100,
  };
}

/**
 * Reads the post form: text fields, and every file part (`files`, or `file`) streamed to a
 * temporary file while its first bytes decide what it is. A file over the size limit, of another
 * type than image or video (by content), or the eleventh file, refuses the whole form with the
 * spec's message naming the file; nothing is kept.
 */
export async function readPostForm(request: FastifyRequest, fileBytesMax: number): Promise<PostForm> {
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  let dir: string | undefined;
  const cleanup = async () => {
    if (dir) await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  };
  const mb = Math.max(1, Math.round(fileBytesMax / (1024 * 1024)));
  if (!request.isMultipart()) {
    throw AppError.badRequest('multipart/form-data 형식으로 보내주세요.', 'multipart_required');
  }
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') {
        fields[part.fieldname] = checkedText(part.fieldname, String(part.value));
        continue;
      }
      const fileName = cleanFileName(part.filename);
      if (part.fieldname !== 'files' && part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      if (!part.filename) {
        // An empty file input of a browser form.
        part.file.resume();
        continue;
      }
      dir ??= await mkdtemp(join(tmpdir(), TEMP_PREFIX));
      const path = join(dir, `${files.length}`);
      let head = Buffer.alloc(0);
      let size = 0;
      const out = createWriteStream(path);
      try {
        await pipeline(
          part.file,
          async function* (source: AsyncIterable<Buffer>) {
            for await (const chunk of source) {
              if (head.length < SNIFF_BYTES) head = Buffer.concat([head, chunk]).subarray(0, SNIFF_BYTES);
              size += chunk.length;
              yield chunk;
            }
          },
          out,
        );
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError(413, 'file_too_large', postMessages.fileTooLarge(fileName, mb));
        }
        throw err;
      }
      if (part.file.truncated) throw new AppError(413, 'file_too_large', postMessages.fileTooLarge(fileName, mb));
      const type = await fileTypeFromBuffer(head);
      const isImage = type && (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(type.mime);
      const videoExt = type ? ACCEPTED_VIDEOS[type.mime] : undefined;
      if (!type || (!isImage && !videoExt)) {
        throw new AppError(415, 'unsupported_media_type', postMessages.unsupportedFile(fileName));
      }
      files.push({
        kind: isImage ? 'image' : 'video',
        mime: type.mime,
        extension: isImage ? type.ext : (videoExt as string),
        fileName,
        path,
        size,
      });
    }
  } catch (err) {
    await cleanup();
    throw mapMultipartError(err);
  }
  return { fields, files, cleanup };
}

function mapMultipartError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  switch (code) {
    case 'FST_FILES_LIMIT':
      return new AppError(413, 'too_many_files', postMessages.filesMax);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError(413, 'too_many_parts', '요청에 항목이 너무 많습니다.');
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(413, 'file_too_large', postMessages.fileTooLarge('', 50));
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return AppError.badRequest('multipart 요청 본문이 올바르지 않습니다.', 'bad_multipart');
    default:
      if (err instanceof Error && /multipart|boundary|unexpected end|field value too long/i.test(err.message)) {
        return AppError.badRequest('multipart 요청 본문이 올바르지 않습니다.', 'bad_multipart');
      }
      return err;
  }
}
