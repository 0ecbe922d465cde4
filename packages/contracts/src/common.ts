import { z } from 'zod';

/** Every error answer of the API: a human `detail` and a stable machine `code`. */
export const errorSchema = z
  .object({
    detail: z.string(),
    code: z.string(),
  })
  .meta({ id: 'Error' });
export type ApiError = z.infer<typeof errorSchema>;

/**
 * The `Idempotency-Key` request header of a create or money call: the client's random key of one
 * submission. A repeated request with the same key answers the first one's result and changes
 * nothing; without it every request is a new one. Loose, so the other headers stay on the request.
 */
export const idempotencyHeadersSchema = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{1,100}$/, 'Idempotency-Key는 100자 이하의 영문, 숫자, 기호여야 합니다.')
    .optional()
    .meta({
      description:
        '한 번의 제출을 나타내는 클라이언트의 무작위 키 (예: UUID). 같은 키로 다시 보내면 처음 결과를 그대로 돌려주고 새로 만들지 않습니다.',
    }),
});

export const healthSchema = z.object({ status: z.literal('ok') });

/** Largest value of a PostgreSQL `integer` (every id column). */
export const ID_MAX = 2_147_483_647;

/**
 * A row id in a path (`/products/{id}`): an integer from 1 to PostgreSQL's integer maximum, so
 * that `2147483648` is refused with 400 instead of reaching the database.
 */
export const idSchema = z.coerce
  .number()
  .int('id는 정수여야 합니다.')
  .min(1, 'id는 1 이상이어야 합니다.')
  .max(ID_MAX, `id는 ${ID_MAX} 이하여야 합니다.`);

/** Path parameters `{ id }` of a row. */
export const idParamsSchema = z.object({ id: idSchema });

export const imageUrlMessage = '이미지 주소는 http:// 또는 https://로 시작하는 주소나 업로드한 이미지 주소여야 합니다.';

/** An uploaded file's same-origin address (`/api/media/{storage key}`), without `..` or `//`. */
const OWN_MEDIA_PATH = /^\/api\/media\/[A-Za-z0-9][A-Za-z0-9_.-]*(?:\/[A-Za-z0-9][A-Za-z0-9_.-]*)*$/;

/** An absolute http(s) URL with a host (a CDN or public bucket address included); nothing else. */
function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\/[^\s/\\?#]/i.test(value) || /[\s\\]/.test(value)) return false;
  if ([...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * An image address a user may store and every browser may load (profile image, tenant logo): the
 * product's own media (`/api/media/…`, or an absolute MEDIA_PUBLIC_BASE_URL address) or an absolute
 * http(s) URL (Kakao profile images are https). `javascript:`, `data:`, protocol-relative `//host`
 * and other relative paths are refused. The empty string is allowed (it clears the field).
 */
export const imageUrlSchema = z
  .string()
  .trim()
  .max(2000, '2000자 이하로 입력해주세요.')
  .refine((v) => v === '' || (OWN_MEDIA_PATH.test(v) && !v.split('/').includes('..')) || isHttpUrl(v), imageUrlMessage);

/** A query-string number: empty means absent; otherwise coerced and checked by `schema`. */
export const optionalNumber = (schema: z.ZodNumber) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().pipe(schema).optional());
