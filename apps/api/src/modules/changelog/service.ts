/** Public changelog (requirements §7): published entries only, and counting their views. */
import { paginate, summarizeChanges } from '@flockr/contract';
import type { ChangelogEntry, ChangelogResponse, VersionNotes } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import type { ChangelogEntryRow } from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';
import {
  changeAndPublish,
  memoryAnswersFor,
  type MemoryAnswer,
  type MemoryAnswers,
} from '../../lib/memory-answers.js';
import type { Executor } from '../../db/client.js';
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

/** The topic changelog changes publish (db/changes.ts). */
export const CHANGELOG_TOPIC = 'changelog';

/**
 * How long a page kept in memory may show an old view count (ms): views are counted without
 * clearing the copies (a reader's view is not worth every instance reloading).
 */
export const CHANGELOG_VIEWS_MAX_AGE_MS = 30_000;

/** Pages kept at most per instance (first pages and page sizes people actually ask for). */
const CHANGELOG_PAGES_KEPT = 50;

/** The changelog pages of app `ctx` kept in memory, cleared on the changelog topic. */
function pagesOf(ctx: AppContext): MemoryAnswers {
  return memoryAnswersFor(ctx, CHANGELOG_TOPIC, {
    maxAgeMs: CHANGELOG_VIEWS_MAX_AGE_MS,
    maxKeys: CHANGELOG_PAGES_KEPT,
  });
}

/**
 * `GET /changelog?page&limit` as JSON text with its ETag, from memory (docs/architecture.md
 * "Caches"): cleared when an admin changes an entry, reloaded after CHANGELOG_VIEWS_MAX_AGE_MS.
 */
export function publishedPageAnswer(
  ctx: AppContext,
  page: number,
  limit: number,
): Promise<MemoryAnswer> {
  return pagesOf(ctx).get(`${page}:${limit}`, () => publishedPage(ctx, page, limit));
}

/**
 * Runs a changelog change in one transaction, publishes the changelog topic inside it (other
 * instances drop their pages when it commits) and drops this instance's pages after the commit.
 */
export function changeChangelog<T>(
  ctx: AppContext,
  change: (tx: Executor) => Promise<T>,
): Promise<T> {
  return changeAndPublish(ctx, CHANGELOG_TOPIC, change);
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
 * Release notes for the update feeds (docs/updates.md): for each of `versions` with a published
 * entry, its title and its changes as written (markdown). Keyed by version.
 */
export async function markdownNotesForVersions(
  ctx: AppContext,
  versions: string[],
): Promise<Map<string, { title: string; changes: string }>> {
  const notes = new Map<string, { title: string; changes: string }>();
  if (versions.length === 0) return notes;
  for (const row of await listPublishedForVersions(ctx.db, versions)) {
    if (!notes.has(row.version)) notes.set(row.version, { title: row.title, changes: row.changes });
  }
  return notes;
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
