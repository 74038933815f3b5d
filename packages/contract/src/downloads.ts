/** Program versions (artifacts) and downloads (requirements §3 and §7). */
import { z } from 'zod';
import { errorResponseSchema, idSchema, isoDateSchema, isoDateTimeSchema } from './common.js';
import { API_ERRORS } from './errors.js';
import { ARCHES, ARTIFACT_KINDS, DOWNLOAD_KINDS, PLATFORMS } from './platforms.js';
import { text, tokenText } from './text.js';

/** The platform, architecture and kind of a release's file (lists and names in platforms.ts). */
export const platformSchema = z.enum(PLATFORMS);
export const archSchema = z.enum(ARCHES);
export const artifactKindSchema = z.enum(ARTIFACT_KINDS);
/** A kind a buyer downloads (never a feed-only kind: nupkg, delta, blockmap, signature). */
export const downloadKindSchema = z.enum(DOWNLOAD_KINDS);

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

/**
 * One build of a version a buyer can download (docs/downloads.md "Builds for each computer"): a
 * file for one platform and architecture, or (`platform` and `arch` null) the one file of a
 * release uploaded through the single-file form, offered to every computer.
 */
export const downloadBuildSchema = z
  .object({
    id: idSchema.describe("The file's id"),
    platform: platformSchema.nullable().describe('null: one file for every computer'),
    arch: archSchema.nullable().describe('null: one file for every computer'),
    kind: downloadKindSchema,
    filename: z
      .string()
      .describe(
        'The name it is saved under: {product}-{version}-{platform}-{arch}.{ext}, or {product}-v{version}.zip for one file for every computer',
      ),
    file_size: z.number().int().describe('Bytes'),
    file_size_formatted: z.string().describe('e.g. "1.5 MB"'),
    sha256: z.string().nullable().describe('Hex SHA-256 of the file, when the server holds it'),
  })
  .describe('A build of a version');
export type DownloadBuild = z.infer<typeof downloadBuildSchema>;

/**
 * The caller's computer as the server read it from the request (User-Agent Client Hints where
 * the browser sends them, else the User-Agent string; docs/downloads.md "Which build is yours").
 * `platform` null: not a computer we build for, or not known; `arch` null: not known (a Mac's
 * browser never tells); `mobile`: a phone or tablet.
 */
export const computerSchema = z
  .object({
    platform: platformSchema.nullable(),
    arch: archSchema.nullable(),
    mobile: z.boolean(),
  })
  .describe("The caller's computer");
export type Computer = z.infer<typeof computerSchema>;

/**
 * `GET /downloads/latest` answer: the newest active version's record (requirements §7), its `filename`,
 * `file_size` and `sha256` those of the build for the caller's computer.
 */
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
  builds: z
    .array(downloadBuildSchema)
    .describe('Every build of the version, the recommended one first, then by platform'),
  recommended_build_id: idSchema
    .nullable()
    .describe(
      "The build for the caller's computer; null on a phone, or when the version has none for its platform",
    ),
});
export type DownloadVersion = z.infer<typeof downloadVersionSchema>;

/**
 * `GET /downloads/versions` answer: active versions, newest first, with their notes and builds,
 * and the caller's computer as the server read it.
 */
export const versionsResponseSchema = z.object({
  versions: z.array(downloadVersionSchema),
  computer: computerSchema,
});
export type VersionsResponse = z.infer<typeof versionsResponseSchema>;

/**
 * Which build a link or an e-mail is for: an optional version (the latest when absent), and
 * either one of its builds by id (from `GET /downloads/versions`) or the platform, architecture
 * and kind (each read from the caller's computer when absent; docs/downloads.md "Which build is
 * yours").
 */
const buildChoice = {
  version: versionSchema.optional(),
  build: idSchema.optional().describe('A build of the version, by its id; wins over the rest'),
  platform: platformSchema.optional(),
  arch: archSchema.optional(),
  kind: downloadKindSchema.optional(),
};

/** `GET /downloads/link` query: which build (see `buildChoice`). */
export const downloadLinkQuerySchema = z.object(buildChoice);
export type DownloadLinkQuery = z.infer<typeof downloadLinkQuerySchema>;

/** `GET /downloads/link` answer: a signed URL that stops working at `expires_at`. */
export const downloadLinkResponseSchema = z.object({
  download_url: z.string(),
  filename: z
    .string()
    .describe(
      'Suggested file name: {product}-{version}-{platform}-{arch}.{ext}, or {product}-v{version}.zip for one file for every computer',
    ),
  version: z.string(),
  expires_at: isoDateTimeSchema,
  platform: platformSchema.nullable().describe('null: one file for every computer'),
  arch: archSchema.nullable(),
  kind: downloadKindSchema,
});
export type DownloadLinkResponse = z.infer<typeof downloadLinkResponseSchema>;

/**
 * `POST /downloads/email-link` body: which build comes first in the e-mail (see `buildChoice`;
 * on a phone none does, and the e-mail lists every build).
 */
export const emailDownloadLinkRequestSchema = z.object(buildChoice).strict();
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

/**
 * The `message` of a `POST /downloads/email-link` answer: what was sent where, and for how long.
 * `filename` is the build the e-mail puts first, or null when it lists every build alike (asked
 * from a phone).
 */
export function emailedLinkMessage(
  filename: string | null,
  email: string,
  version: string,
): string {
  return filename
    ? `We sent a link to ${filename} to ${email}. It works for 24 hours.`
    : `We sent the links to version ${version} for every computer to ${email}. They work for 24 hours.`;
}

/**
 * The 404 answer of `GET /downloads/link`: RELEASE_NOT_FOUND for a version that is not offered,
 * or BUILD_NOT_FOUND, with `builds`, the builds the version does have, when it has none for the
 * platform and architecture asked for (docs/errors.md).
 */
export const downloadNotFoundResponseSchema = errorResponseSchema
  .extend({
    builds: z
      .array(downloadBuildSchema)
      .optional()
      .describe("With BUILD_NOT_FOUND: the version's builds"),
  })
  .describe('Error answer');
export type DownloadNotFoundResponse = z.infer<typeof downloadNotFoundResponseSchema>;

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

/** A program version as admins see it (requirements §3). */
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
