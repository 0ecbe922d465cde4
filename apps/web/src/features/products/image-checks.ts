import { PRODUCT_IMAGE_BYTES_MAX, PRODUCT_IMAGES_MAX, productMessages } from '@app/contracts';

const allowedTypes = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
const allowedExtensions = /\.(jpe?g|png|gif|webp)$/i;
const heic = /\.(heic|heif)$/i;

export interface ImageCheckResult {
  accepted: File[];
  /** The spec's messages, each once, in the order met. */
  errors: string[];
}

/** HEIC/HEIF by type or by name: phones often send them without a type. */
function isHeic(file: File): boolean {
  return /^image\/hei[cf](-sequence)?$/i.test(file.type) || heic.test(file.name);
}

function isAllowedImage(file: File): boolean {
  if (file.type) return allowedTypes.has(file.type.toLowerCase());
  return allowedExtensions.test(file.name);
}

/**
 * The form's image checks (spec part 2, section 5): images only (JPG, PNG, GIF, WebP), HEIC/HEIF
 * with its own message, each at most 20 MB, and at most 10 in total counting `current`. Files past
 * the limit are dropped; the server checks the content again.
 */
export function checkImageFiles(files: readonly File[], current: number): ImageCheckResult {
  const accepted: File[] = [];
  const errors = new Set<string>();
  for (const file of files) {
    if (isHeic(file)) errors.add(productMessages.imageHeic);
    else if (!isAllowedImage(file)) errors.add(productMessages.imageOnly);
    else if (file.size > PRODUCT_IMAGE_BYTES_MAX) errors.add(productMessages.imageTooLarge);
    else if (current + accepted.length >= PRODUCT_IMAGES_MAX) errors.add(productMessages.imagesMax);
    else accepted.push(file);
  }
  return { accepted, errors: [...errors] };
}

/** Moves one item of a list to another index (drag and drop, move buttons). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || from >= items.length || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}
