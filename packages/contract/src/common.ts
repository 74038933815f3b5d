/** Shapes shared by several features: ids, timestamps, pagination, the error answer. */
import { z } from 'zod';
import { MAX_PAGE_SIZE } from './constants.js';

/** Entity id: a UUID string. */
export const idSchema = z.uuid({ error: 'Invalid id' });

/** Path parameter `{id}`. */
export const idParamsSchema = z.object({ id: idSchema });

/** Instant as an ISO 8601 string in UTC, e.g. `2026-11-21T10:00:00.000Z`. */
export const isoDateTimeSchema = z.iso
  .datetime({ offset: true })
  .describe('ISO 8601 instant (UTC)');

/** Calendar date `YYYY-MM-DD` (release dates). */
export const isoDateSchema = z.iso.date().describe('Calendar date, YYYY-MM-DD');

/** `page` (from 1) and `limit` query parameters; strings from the URL are coerced. */
export const paginationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1).describe('Page number, starting at 1'),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10).describe('Items per page'),
});
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

/** Pagination block of list answers (requirements §7: total, page, limit, total_pages). */
export const paginationSchema = z.object({
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  limit: z.number().int().min(1),
  total_pages: z.number().int().min(0),
  /**
   * Present and true when `total` is the database's estimate rather than a count: admin lists
   * count exactly up to EXACT_COUNT_LIMIT matches and estimate beyond (docs/architecture.md
   * "Speed at scale"); screens then say "about".
   */
  total_is_estimate: z.boolean().optional(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** Matches an admin list counts one by one; beyond this its total is an estimate. */
export const EXACT_COUNT_LIMIT = 10_000;

/** Builds the pagination block for `total` items (`estimate`: total is not an exact count). */
export function paginate(total: number, page: number, limit: number, estimate = false): Pagination {
  return {
    total,
    page,
    limit,
    total_pages: Math.ceil(total / limit),
    ...(estimate && { total_is_estimate: true }),
  };
}

/** `{ ok: true }`, for calls whose answer the spec does not show. */
export const okResponseSchema = z.object({ ok: z.literal(true), message: z.string().optional() });

/**
 * Body of every error answer: `{ "error": "<text>", "code": "<CODE>" }`. `error` is the text to
 * show (requirements §8 reads it first); `code` is the stable machine code clients branch on.
 */
export const errorResponseSchema = z
  .object({
    error: z.string().describe('Human-readable error text, shown as is.'),
    code: z.string().describe('Stable machine code, e.g. SUBSCRIPTION_REQUIRED (docs/errors.md)'),
  })
  .describe('Error answer');
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
