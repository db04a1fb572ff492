import { z } from 'zod';
import { MAX_PER_PAGE } from './constants';

/** Every reply is `{ message, data }`, so every client reads one shape. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ message: z.string(), data });
}
export type Envelope<T> = { message: string; data: T };

/** `page` and `per_page` of every paged list; per_page is capped. */
export const pagingQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'The page must be a number.' })
    .int('The page must be an integer.')
    .min(1, 'The page must be at least 1.')
    .max(1_000_000, 'The page may not be greater than 1000000.')
    .default(1),
  per_page: z.coerce
    .number({ error: 'The per page must be a number.' })
    .int('The per page must be an integer.')
    .min(1, 'The per page must be at least 1.')
    .max(MAX_PER_PAGE, `The per page may not be greater than ${MAX_PER_PAGE}.`)
    .optional(),
});
export type PagingQuery = z.infer<typeof pagingQuerySchema>;
