import { REVIEW_IMAGE_BYTES_MAX, REVIEW_IMAGES_MAX, type ReviewMedia, reviewMessages } from '@app/contracts';

const allowedTypes = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
const allowedExtensions = /\.(jpe?g|png|gif|webp)$/i;

/** A photo on the review form: one already saved with the review, or a new file with its preview. */
export type FormPhoto =
  | { key: string; kind: 'existing'; media: ReviewMedia; src: string }
  | { key: string; kind: 'new'; file: File; src: string };

let nextKey = 0;
export function newPhotoKey(): string {
  nextKey += 1;
  return `photo-${nextKey}`;
}

/** HEIC/HEIF by type or by name: phones often send them without a type. */
function isHeic(file: File): boolean {
  return /^image\/hei[cf](-sequence)?$/i.test(file.type) || /\.(heic|heif)$/i.test(file.name);
}

function isAllowedImage(file: File): boolean {
  if (file.type) return allowedTypes.has(file.type.toLowerCase());
  return allowedExtensions.test(file.name);
}

export interface PhotoCheckResult {
  accepted: File[];
  /** The spec's messages, each once, in the order met. */
  errors: string[];
}

/**
 * The review photo checks (spec part 2, section 5): images only, each at most 5 MB, at most 5
 * counting the `current` ones. Files past the limit are dropped; the server checks the bytes again.
 */
export function checkReviewPhotos(files: readonly File[], current: number): PhotoCheckResult {
  const accepted: File[] = [];
  const errors = new Set<string>();
  for (const file of files) {
    if (isHeic(file)) errors.add(reviewMessages.imageHeic);
    else if (!isAllowedImage(file)) errors.add(reviewMessages.imageOnly);
    else if (file.size > REVIEW_IMAGE_BYTES_MAX) errors.add(reviewMessages.imageTooLarge);
    else if (current + accepted.length >= REVIEW_IMAGES_MAX) errors.add(reviewMessages.imagesMax);
    else accepted.push(file);
  }
  return { accepted, errors: [...errors] };
}
