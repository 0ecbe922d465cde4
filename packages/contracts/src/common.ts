import { z } from 'zod';

/** Every error answer of the API: a human `detail` and a stable machine `code`. */
export const errorSchema = z
  .object({
    detail: z.string(),
    code: z.string(),
  })
  .meta({ id: 'Error' });
export type ApiError = z.infer<typeof errorSchema>;

export const healthSchema = z.object({ status: z.literal('ok') });
