import type { CurrentUser } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import type { ReviewRow } from './reviews.schema.js';

/** Only the author edits or deletes a review, or changes its images (403 with the given text). */
export function assertAuthor(user: CurrentUser, review: Pick<ReviewRow, 'userId'>, message: string): void {
  if (review.userId !== user.id) throw AppError.forbidden(message, 'not_author');
}
