import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

/** The image types accepted from uploads, judged by content (magic bytes), never by name or header. */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export type AcceptedImageType = (typeof ACCEPTED_IMAGE_TYPES)[number];

/** How many leading bytes are enough for file-type to tell the formats apart. */
export const SNIFF_BYTES = 4100;

export type SniffResult =
  | { kind: 'image'; mime: AcceptedImageType }
  | { kind: 'heic' }
  | { kind: 'other'; mime?: string };

/** What the leading bytes of a file are: an accepted image, HEIC/HEIF (own message), or anything else. */
export async function sniffImage(head: Uint8Array): Promise<SniffResult> {
  const type = await fileTypeFromBuffer(head);
  if (!type) return { kind: 'other' };
  if ((ACCEPTED_IMAGE_TYPES as readonly string[]).includes(type.mime)) {
    return { kind: 'image', mime: type.mime as AcceptedImageType };
  }
  if (type.mime === 'image/heic' || type.mime === 'image/heif' || type.ext === 'heic' || type.ext === 'heif') {
    return { kind: 'heic' };
  }
  return { kind: 'other', mime: type.mime };
}

export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
  contentType: 'image/webp';
  extension: 'webp';
}

export interface ImageVariants {
  display: EncodedImage;
  thumbnail: EncodedImage;
}

export const DISPLAY_MAX_PX = 1280;
export const THUMBNAIL_PX = 400;
/** Decompression-bomb guard: 50 megapixels is far above any phone photo. */
const MAX_INPUT_PIXELS = 50_000_000;

export class UnreadableImageError extends Error {
  constructor(cause: unknown) {
    super('unreadable image', { cause });
    this.name = 'UnreadableImageError';
  }
}

/**
 * Re-encodes an uploaded image of an accepted type (refused otherwise): orientation applied, every metadata block (EXIF, GPS, ICC,
 * XMP) dropped, a display size (fit inside 1280 px, never enlarged; animated GIFs stay
 * animated) and a 400 px square thumbnail, both WebP.
 */
export async function makeImageVariants(input: Buffer): Promise<ImageVariants> {
  // Only the accepted types, by content, whoever calls: sharp would also read SVG (scripts,
  // external references), TIFF, PDF and more.
  const sniffed = await sniffImage(input.subarray(0, SNIFF_BYTES));
  if (sniffed.kind !== 'image')
    throw new UnreadableImageError(new Error(`not an accepted image type (${sniffed.kind})`));
  try {
    const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };
    const meta = await sharp(input, options).metadata();
    if (!['jpeg', 'png', 'gif', 'webp'].includes(meta.format ?? '')) throw new Error(`decoded as ${meta.format}`);
    const animated = (meta.pages ?? 1) > 1 && (meta.format === 'gif' || meta.format === 'webp');
    const [display, thumbnail] = await Promise.all([
      sharp(input, { ...options, animated })
        .rotate()
        .resize({ width: DISPLAY_MAX_PX, height: DISPLAY_MAX_PX, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82, effort: 3 })
        .toBuffer({ resolveWithObject: true }),
      sharp(input, options)
        .rotate()
        .resize({ width: THUMBNAIL_PX, height: THUMBNAIL_PX, fit: 'cover', position: 'attention' })
        .webp({ quality: 78, effort: 3 })
        .toBuffer({ resolveWithObject: true }),
    ]);
    return {
      display: {
        data: display.data,
        width: display.info.width,
        height: animated ? (display.info.pageHeight ?? display.info.height) : display.info.height,
        contentType: 'image/webp',
        extension: 'webp',
      },
      thumbnail: {
        data: thumbnail.data,
        width: thumbnail.info.width,
        height: thumbnail.info.height,
        contentType: 'image/webp',
        extension: 'webp',
      },
    };
  } catch (err) {
    throw new UnreadableImageError(err);
  }
}

/**
 * Re-encodes an uploaded image of an accepted type (refused otherwise) to one WebP square of
 * `side` px (cover, centred on the most interesting part; orientation applied, metadata dropped,
 * the first frame of an animation): profile images.
 */
export async function makeSquareImage(input: Buffer, side: number): Promise<EncodedImage> {
  const sniffed = await sniffImage(input.subarray(0, SNIFF_BYTES));
  if (sniffed.kind !== 'image')
    throw new UnreadableImageError(new Error(`not an accepted image type (${sniffed.kind})`));
  try {
    const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };
    const meta = await sharp(input, options).metadata();
    if (!['jpeg', 'png', 'gif', 'webp'].includes(meta.format ?? '')) throw new Error(`decoded as ${meta.format}`);
    const out = await sharp(input, options)
      .rotate()
      .resize({ width: side, height: side, fit: 'cover', position: 'attention' })
      .webp({ quality: 82, effort: 3 })
      .toBuffer({ resolveWithObject: true });
    return {
      data: out.data,
      width: out.info.width,
      height: out.info.height,
      contentType: 'image/webp',
      extension: 'webp',
    };
  } catch (err) {
    throw new UnreadableImageError(err);
  }
}
