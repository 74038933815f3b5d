/** Public changelog (spec §7): published entries only, and counting their views. */
import { paginate, summarizeChanges } from '@flockr/contract';
import type { ChangelogEntry, ChangelogResponse, VersionNotes } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import type { ChangelogEntryRow } from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';
import {
  findLatestPublished,
  listPublished,
  searchPublished,
  countView,
  findPublishedByVersion,
  listPublishedForVersions,
} from './repository.js';

/** An entry as the API shows it, with its plain-text summary. */
export function toChangelogEntry(row: ChangelogEntryRow): ChangelogEntry {
  return {
    id: row.id,
    version: row.version,
    title: row.title,
    changes: row.changes,
    changes_summary: summarizeChanges(row.changes),
    release_date: row.releaseDate,
    is_published: row.isPublished,
    view_count: row.viewCount,
    created_at: row.createdAt.toISOString(),
  };
}

/** `GET /changelog?page&limit`. */
export async function publishedPage(
  ctx: AppContext,
  page: number,
  limit: number,
): Promise<ChangelogResponse> {
  const { rows, total } = await listPublished(ctx.db, page, limit);
  return { changelog: rows.map(toChangelogEntry), pagination: paginate(total, page, limit) };
}

/** `GET /changelog/latest`. @throws 404 when nothing is published. */
export async function latestEntry(ctx: AppContext): Promise<ChangelogEntry> {
  const row = await findLatestPublished(ctx.db);
  if (!row) throw notFound('changelogNotFound');
  return toChangelogEntry(row);
}

/** `GET /changelog/{version}`. @throws 404 CHANGELOG_NOT_FOUND for an unknown or draft version. */
export async function entryByVersion(ctx: AppContext, version: string): Promise<ChangelogEntry> {
  const row = await findPublishedByVersion(ctx.db, version);
  if (!row) throw notFound('changelogNotFound');
  return toChangelogEntry(row);
}

/**
 * `POST /changelog/{version}/views`: counts one reader opening the entry (the admin's Views
 * column). A separate call, because reading an entry (a GET) never writes.
 * @throws 404 CHANGELOG_NOT_FOUND for an unknown or draft version.
 */
export async function recordView(ctx: AppContext, version: string): Promise<void> {
  if (!(await countView(ctx.db, version))) throw notFound('changelogNotFound');
}

/** `GET /changelog/search?q=`. */
export async function search(ctx: AppContext, term: string): Promise<ChangelogEntry[]> {
  return (await searchPublished(ctx.db, term)).map(toChangelogEntry);
}

/**
 * Release notes for the download centre: for each of `versions` that has a published entry, its
 * title and plain-text summary (drafts stay hidden). Keyed by version.
 */
export async function notesForVersions(
  ctx: AppContext,
  versions: string[],
): Promise<Map<string, VersionNotes>> {
  const notes = new Map<string, VersionNotes>();
  for (const row of await listPublishedForVersions(ctx.db, versions)) {
    if (!notes.has(row.version))
      notes.set(row.version, { title: row.title, summary: summarizeChanges(row.changes) });
  }
  return notes;
}
