/** Changelog entries (requirements §3 and §7). */
import { z } from 'zod';
import {
  idSchema,
  isoDateSchema,
  isoDateTimeSchema,
  paginationQuerySchema,
  paginationSchema,
} from './common.js';
import { CHANGELOG_PAGE_SIZE } from './constants.js';
import { text } from './text.js';
import { versionSchema } from './downloads.js';

/** A changelog entry. `changes` is markdown; `changes_summary` its first line as plain text. */
export const changelogEntrySchema = z
  .object({
    id: idSchema,
    version: z.string(),
    title: z.string(),
    changes: z.string().describe('Markdown'),
    changes_summary: z.string().describe('Plain-text summary, at most 200 characters'),
    release_date: isoDateSchema,
    is_published: z.boolean(),
    view_count: z.number().int(),
    created_at: isoDateTimeSchema,
  })
  .describe('Changelog entry');
export type ChangelogEntry = z.infer<typeof changelogEntrySchema>;

/** `GET /changelog` query: page from 1, page size 10 by default (requirements §9). */
export const changelogQuerySchema = paginationQuerySchema.extend({
  limit: paginationQuerySchema.shape.limit.unwrap().default(CHANGELOG_PAGE_SIZE),
});
export type ChangelogQuery = z.input<typeof changelogQuerySchema>;

/** `GET /changelog` answer: published entries, newest release first. */
export const changelogResponseSchema = z.object({
  changelog: z.array(changelogEntrySchema),
  pagination: paginationSchema,
});
export type ChangelogResponse = z.infer<typeof changelogResponseSchema>;

/** `GET /changelog/search` query. */
export const changelogSearchQuerySchema = z.object({
  q: text().trim().min(1, 'Search terms are required').max(100),
});

/** Answer of `GET /changelog/latest`, `GET /changelog/{version}`. */
export const changelogEntryResponseSchema = z.object({ entry: changelogEntrySchema });
/** Answer of `GET /changelog/search`. */
export const changelogEntriesResponseSchema = z.object({ entries: z.array(changelogEntrySchema) });

/**
 * Plain-text summary of markdown `changes`: its first line of content (headings are skipped
 * unless nothing else exists) without markdown marks, cut to 200 characters.
 */
export function summarizeChanges(markdown: string): string {
  const lines = markdown
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
  const first = lines.find((l) => !/^#{1,6}\s/.test(l)) ?? lines[0] ?? '';
  const line = first
    .replace(/^(?:#{1,6}\s+|[-*+]\s+|\d+\.\s+|>\s*)/, '')
    .replace(/[*_`]/g, '')
    .trim();
  return line.length > 200 ? `${line.slice(0, 197)}...` : line;
}

/** Path parameter `{version}` of `GET /changelog/{version}`: a semantic version. */
export const changelogVersionParamsSchema = z.object({ version: versionSchema });
