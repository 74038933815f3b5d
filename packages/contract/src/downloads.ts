/** Program versions (artifacts) and downloads (spec sections 3 and 7). */
import { z } from 'zod';
import { idSchema, isoDateSchema, isoDateTimeSchema } from './common.js';
import { API_ERRORS } from './errors.js';
import { text, tokenText } from './text.js';

/** Semantic version, e.g. 1.4.0 or 2.0.0-beta.1 (semver.org). */
export const SEMVER_PATTERN =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;
export const versionSchema = text({ required: 'Version is required' })
  .trim()
  .min(1, 'Version is required')
  .regex(SEMVER_PATTERN, 'Version must be a semantic version such as 1.2.0');

/** A program version as subscribers see it (no storage details). */
export const programVersionSchema = z
  .object({
    id: idSchema,
    version: z.string(),
    filename: z.string(),
    file_size: z.number().int().describe('Bytes'),
    file_size_formatted: z.string().describe('e.g. "1.5 MB"'),
    sha256: z.string().nullable().describe('Hex SHA-256 of the file, when the server holds it'),
    release_date: isoDateSchema,
    is_active: z.boolean(),
  })
  .describe('Program version');
export type ProgramVersion = z.infer<typeof programVersionSchema>;

/** `GET /downloads/latest` answer: the newest active version's record. */
export const latestVersionResponseSchema = programVersionSchema;
export type LatestVersionResponse = z.infer<typeof latestVersionResponseSchema>;

/** What the changelog says about a version: its published entry's title and plain-text summary. */
export const versionNotesSchema = z
  .object({
    title: z.string(),
    summary: z.string().describe("Plain text, from the entry's markdown (changes_summary)"),
  })
  .describe('Release notes from the changelog');
export type VersionNotes = z.infer<typeof versionNotesSchema>;

/**
 * A version in the download centre: the program version plus its release notes from the
 * published changelog entry of the same version (null when none is published).
 */
export const downloadVersionSchema = programVersionSchema.extend({
  notes: versionNotesSchema.nullable(),
});
export type DownloadVersion = z.infer<typeof downloadVersionSchema>;

/** `GET /downloads/versions` answer: active versions, newest first, with their notes. */
export const versionsResponseSchema = z.object({ versions: z.array(downloadVersionSchema) });
export type VersionsResponse = z.infer<typeof versionsResponseSchema>;

/** `GET /downloads/link` query: an optional version (latest when absent). */
export const downloadLinkQuerySchema = z.object({ version: versionSchema.optional() });
export type DownloadLinkQuery = z.infer<typeof downloadLinkQuerySchema>;

/** `GET /downloads/link` answer: a signed URL that stops working at `expires_at`. */
export const downloadLinkResponseSchema = z.object({
  download_url: z.string(),
  filename: z.string().describe('Suggested file name, {product}-v{version}.zip'),
  version: z.string(),
  expires_at: isoDateTimeSchema,
});
export type DownloadLinkResponse = z.infer<typeof downloadLinkResponseSchema>;

/** `POST /downloads/email-link` body: an optional version (latest when absent). */
export const emailDownloadLinkRequestSchema = z
  .object({ version: versionSchema.optional() })
  .strict();
export type EmailDownloadLinkRequest = z.infer<typeof emailDownloadLinkRequestSchema>;

/**
 * `POST /downloads/email-link` answer: the link was e-mailed to the account's own address
 * (`sent_to`); it works until `expires_at` (EMAILED_DOWNLOAD_LINK_TTL_MS) and only while the
 * subscription is active.
 */
export const emailDownloadLinkResponseSchema = z.object({
  message: z.string(),
  sent_to: z.string().describe("The account's e-mail address"),
  version: z.string(),
  expires_at: isoDateTimeSchema,
});
export type EmailDownloadLinkResponse = z.infer<typeof emailDownloadLinkResponseSchema>;

/** The `message` of a `POST /downloads/email-link` answer: what was sent where, and for how long. */
export function emailedLinkMessage(filename: string, email: string): string {
  return `We sent a link to ${filename} to ${email}. It works for 24 hours.`;
}

/** One row of the user's download history. */
export const downloadEventSchema = z.object({
  id: idSchema,
  version: z.string(),
  filename: z.string(),
  downloaded_at: isoDateTimeSchema,
});
export type DownloadEvent = z.infer<typeof downloadEventSchema>;

/** `GET /downloads/history` answer, newest first. */
export const downloadHistoryResponseSchema = z.object({ downloads: z.array(downloadEventSchema) });
export type DownloadHistoryResponse = z.infer<typeof downloadHistoryResponseSchema>;

/** A program version as admins see it (spec section 3). */
export const adminDownloadSchema = programVersionSchema.extend({
  download_url: z
    .string()
    .nullable()
    .describe('External URL, or null when the file is stored here'),
  download_count: z.number().int(),
  created_at: isoDateTimeSchema,
});
export type AdminDownload = z.infer<typeof adminDownloadSchema>;

/** `GET /downloads/file` query: the signed token of a link from `GET /downloads/link`. */
export const downloadFileQuerySchema = z.object({
  token: tokenText(2000, API_ERRORS.downloadLinkInvalid),
});
