/**
 * Releases as the update feeds model them (docs/updates.md): channels, platforms, architectures
 * and artifact kinds, the per-user feed token and the per-plan rule for access after expiry.
 */
import { z } from 'zod';
import { idSchema, isoDateSchema, isoDateTimeSchema } from './common.js';
import { archSchema, artifactKindSchema, platformSchema, versionSchema } from './downloads.js';
import { text } from './text.js';

/**
 * Release channels, most stable first. A channel includes every channel before it:
 * stable ⊂ rc ⊂ beta ⊂ alpha (a beta user is offered beta, rc and stable releases).
 */
export const RELEASE_CHANNELS = ['stable', 'rc', 'beta', 'alpha'] as const;
export type ReleaseChannel = (typeof RELEASE_CHANNELS)[number];
export const releaseChannelSchema = z.enum(RELEASE_CHANNELS);

/** True when a user on channel `subscribed` is offered releases published to `release`. Pure. */
export function channelIncludes(subscribed: ReleaseChannel, release: ReleaseChannel): boolean {
  return RELEASE_CHANNELS.indexOf(release) <= RELEASE_CHANNELS.indexOf(subscribed);
}

/**
 * What a plan gives after the subscription ends (set per plan by admins, docs/updates.md):
 * `keep_released`: downloads and updates of releases published before the expiry stay
 * available, nothing newer; `none`: nothing after the expiry.
 */
export const AFTER_EXPIRY_ACCESS = ['keep_released', 'none'] as const;
export type AfterExpiryAccess = (typeof AFTER_EXPIRY_ACCESS)[number];
export const afterExpiryAccessSchema = z.enum(AFTER_EXPIRY_ACCESS);

/** Staged rollout: the share of users offered a release, whole percent 0–100. */
export const rolloutPercentageSchema = z
  .number()
  .int('Rollout must be a whole percentage')
  .min(0, 'Rollout must be between 0 and 100')
  .max(100, 'Rollout must be between 0 and 100');

/**
 * What a user's subscription gives the update feeds and downloads now (docs/updates.md "Access"):
 * `all` while active (every release of the channel); `until` after it ended on a plan that keeps
 * releases published before `until` (the expiry); `none` when it never started, ended on a plan
 * without after-expiry access, was refunded, or the account is suspended.
 */
export const UPDATE_ACCESS = ['all', 'until', 'none'] as const;
export type UpdateAccessKind = (typeof UPDATE_ACCESS)[number];
export const updateAccessSchema = z
  .object({
    kind: z.enum(UPDATE_ACCESS),
    /** With `until`: releases published before this instant (UTC) stay available. */
    until: isoDateTimeSchema.nullable(),
    /** Why there is no access, with `none`. */
    reason: z.enum(['no_subscription', 'expired', 'refunded', 'account']).nullable(),
  })
  .describe('What the subscription gives the update feeds now');
export type UpdateAccess = z.infer<typeof updateAccessSchema>;

/**
 * The feed URLs of a user, one per updater (docs/updates.md "Feeds"); each carries the user's
 * feed token in its path, so it works with updaters that cannot send a header. Template parts in
 * braces are the updater's own (Tauri's `{{target}}`, …) and are kept as they are.
 */
export const feedUrlsSchema = z.object({
  electron: z
    .string()
    .describe('electron-updater generic provider `url` (the folder of {channel}.yml)'),
  squirrel_mac: z.string().describe("Electron autoUpdater's feed URL on macOS"),
  squirrel_windows: z.string().describe("Electron autoUpdater's / Squirrel.Windows' feed URL"),
  tauri: z
    .string()
    .describe('Tauri v2 updater endpoint, with {{target}}, {{arch}} and {{current_version}}'),
  velopack: z.string().describe('Velopack UpdateManager URL'),
  sparkle: z.string().describe('Sparkle SUFeedURL'),
});
export type FeedUrls = z.infer<typeof feedUrlsSchema>;

/** `GET /updates/me`: the caller's channel, feed token, feed URLs and access. */
export const myUpdatesResponseSchema = z.object({
  channel: releaseChannelSchema,
  /** Secret: lets an updater fetch this user's feeds and files. Rotate it if it leaked. */
  feed_token: z.string(),
  feeds: feedUrlsSchema,
  access: updateAccessSchema,
});
export type MyUpdatesResponse = z.infer<typeof myUpdatesResponseSchema>;

/** `PUT /updates/me`: choose the channel whose releases the user is offered. */
export const updateMyUpdatesRequestSchema = z.object({ channel: releaseChannelSchema }).strict();
export type UpdateMyUpdatesRequest = z.infer<typeof updateMyUpdatesRequestSchema>;

/** A file of a release as admins see it. Sizes in bytes; digests as the feeds use them. */
export const adminArtifactSchema = z.object({
  id: idSchema,
  filename: z.string(),
  platform: platformSchema,
  arch: archSchema,
  kind: artifactKindSchema,
  any_platform: z
    .boolean()
    .describe(
      'One file for every computer (the single-file form): downloads offer it to every platform; the feeds read platform, arch and kind',
    ),
  file_size: z.number().int().describe('Bytes'),
  sha256: z.string().nullable().describe('Hex'),
  sha512: z.string().nullable().describe('Base64, as electron-updater wants it'),
  has_signature: z.boolean().describe('A minisign signature (Tauri) is stored'),
  has_ed_signature: z.boolean().describe('An Ed25519 signature (Sparkle) is stored'),
  download_url: z.string().nullable().describe('External URL, or null when stored here'),
  created_at: isoDateTimeSchema,
});
export type AdminArtifact = z.infer<typeof adminArtifactSchema>;

/** A release with its files, channel, rollout and state, for the admin release manager. */
export const adminReleaseDetailSchema = z.object({
  id: idSchema,
  version: z.string(),
  channel: releaseChannelSchema,
  release_date: isoDateSchema,
  is_active: z.boolean().describe('Published (offered); false for a draft or a withdrawn release'),
  published_at: isoDateTimeSchema.nullable(),
  rollout_percentage: z.number().int(),
  yanked_at: isoDateTimeSchema.nullable(),
  yank_reason: z.string().nullable(),
  minimum_system_version: z.string().nullable(),
  archived_at: isoDateTimeSchema.nullable(),
  download_count: z.number().int(),
  /** Title of the changelog entry of the same version, or null (the release notes). */
  notes_title: z.string().nullable(),
  artifacts: z.array(adminArtifactSchema),
  created_at: isoDateTimeSchema,
});
export type AdminReleaseDetail = z.infer<typeof adminReleaseDetailSchema>;

/** `GET /admin/releases`: every release, newest semantic version first, and the feed settings. */
export const adminReleasesResponseSchema = z.object({
  releases: z.array(adminReleaseDetailSchema),
  minimum_version: z.string().nullable(),
});
export const adminReleaseResponseSchema = z.object({ release: adminReleaseDetailSchema });

/** `POST /admin/releases`: a new release, without files yet (add them with the artifacts call). */
export const createReleaseRequestSchema = z
  .object({
    version: versionSchema,
    channel: releaseChannelSchema.default('stable'),
    release_date: z.iso.date({ error: 'Release date is required' }),
    rollout_percentage: rolloutPercentageSchema.default(100),
    minimum_system_version: text().trim().min(1).max(20).nullable().default(null),
    /** Publish at once (true) or keep as a draft until every file is uploaded (false). */
    publish: z.boolean().default(false),
  })
  .strict();
export type CreateReleaseRequest = z.input<typeof createReleaseRequestSchema>;

/**
 * `PATCH /admin/releases/:id`: publish or withdraw, move to a channel, change the rollout, yank
 * (with a reason) or restore. At least one field.
 */
export const updateReleaseRequestSchema = z
  .object({
    is_active: z.boolean(),
    channel: releaseChannelSchema,
    rollout_percentage: rolloutPercentageSchema,
    minimum_system_version: text().trim().min(1).max(20).nullable(),
    yanked: z.boolean(),
    yank_reason: text().trim().max(500).nullable(),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update');
export type UpdateReleaseRequest = z.infer<typeof updateReleaseRequestSchema>;

/**
 * Fields of the multipart `POST /admin/releases/:id/artifacts` (the file part is `file`, sent
 * last): what the file is, and optionally the seller's signatures of it.
 */
export const uploadArtifactFieldsSchema = z.object({
  platform: platformSchema,
  arch: archSchema.default('x64'),
  kind: artifactKindSchema,
  filename: text().trim().min(1).max(255).optional(),
  /** The `.sig` file's content written by Tauri's bundler (minisign). */
  signature: text({ multiline: true }).trim().max(4000).optional(),
  /** Sparkle's base64 Ed25519 signature (sign_update's `sparkle:edSignature`). */
  ed_signature: text().trim().max(200).optional(),
});
export type UploadArtifactFields = z.infer<typeof uploadArtifactFieldsSchema>;
export const adminArtifactResponseSchema = z.object({ artifact: adminArtifactSchema });

/** `PUT /admin/update-settings`: the minimum supported version, or null for none. */
export const updateSettingsRequestSchema = z
  .object({ minimum_version: versionSchema.nullable() })
  .strict();
export const updateSettingsResponseSchema = z.object({ minimum_version: z.string().nullable() });

/** `GET /admin/updates/adoption` query: how many days back, UTC days, default 30. */
export const adoptionQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(365).default(30),
});

/**
 * `GET /admin/updates/adoption`: users whose program checked for updates, per UTC day, platform
 * and reported version (the last one that day); the share of the last day's users on the newest
 * release per platform; and how far each rollout has reached.
 */
export const adoptionResponseSchema = z.object({
  days: z.array(
    z.object({
      day: isoDateSchema,
      platform: platformSchema,
      version: z.string().describe('"unknown" when the updater did not say'),
      users: z.number().int(),
    }),
  ),
  latest: z.array(
    z.object({
      platform: platformSchema,
      version: z
        .string()
        .nullable()
        .describe('Newest published stable release with a file for the platform'),
      users: z.number().int().describe('Users who checked on the last day'),
      on_latest: z.number().int(),
    }),
  ),
  rollouts: z.array(
    z.object({
      release_id: idSchema,
      version: z.string(),
      channel: releaseChannelSchema,
      rollout_percentage: z.number().int(),
      /** Users who reported this version in the period. */
      users_on_version: z.number().int(),
      /** Users who checked on the channel in the period. */
      users_checking: z.number().int(),
    }),
  ),
});
export type AdoptionResponse = z.infer<typeof adoptionResponseSchema>;

/** An admin API token as listed (the token itself is shown once, when created). */
export const apiTokenSchema = z.object({
  id: idSchema,
  name: z.string(),
  prefix: z.string().describe('First characters of the token, to recognise it'),
  created_by: z.string().describe('Username of the admin it acts as'),
  created_at: isoDateTimeSchema,
  last_used_at: isoDateTimeSchema.nullable(),
  revoked_at: isoDateTimeSchema.nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;
export const apiTokensResponseSchema = z.object({ tokens: z.array(apiTokenSchema) });
export const createApiTokenRequestSchema = z
  .object({
    name: text({ required: 'Name is required' }).trim().min(1, 'Name is required').max(100),
  })
  .strict();
/** The new token: `token` is shown this once and never again. */
export const createApiTokenResponseSchema = z.object({
  token: z.string(),
  api_token: apiTokenSchema,
});

/** A feed token in a path segment: `flf_` and 46 base64url characters (docs/updates.md). */
export const feedTokenParamSchema = z.string().min(1).max(200);

/** Params of the feed routes with the token in the path (`/updates/t/:feedToken/…`). */
const feedTokenParams = { feedToken: feedTokenParamSchema };
const segment = z.string().min(1).max(200);

/** `…/electron/:file`: `{channel}.yml`, `{channel}-mac.yml`, `{channel}-linux[-arm64].yml`. */
export const electronFeedParamsSchema = z.object({ file: segment });
export const electronFeedTokenParamsSchema = electronFeedParamsSchema.extend(feedTokenParams);
/** `…/files/:version/:filename`: one file of a release (and its `.blockmap`). */
export const feedFileParamsSchema = z.object({ version: segment, filename: segment });
export const feedFileTokenParamsSchema = feedFileParamsSchema.extend(feedTokenParams);
/** `…/squirrel-mac/:channel/:arch/:currentVersion`: Electron's autoUpdater on macOS. */
export const squirrelMacParamsSchema = z.object({
  channel: segment,
  arch: segment,
  currentVersion: segment,
});
export const squirrelMacTokenParamsSchema = squirrelMacParamsSchema.extend(feedTokenParams);
/** `…/squirrel-win/:channel/:file`: `RELEASES` or a `.nupkg` it names. */
export const squirrelWindowsParamsSchema = z.object({ channel: segment, file: segment });
export const squirrelWindowsTokenParamsSchema = squirrelWindowsParamsSchema.extend(feedTokenParams);
/** `…/tauri/:channel/:target/:arch/:currentVersion`: Tauri v2's dynamic update server. */
export const tauriParamsSchema = z.object({
  channel: segment,
  target: segment,
  arch: segment,
  currentVersion: segment,
});
export const tauriTokenParamsSchema = tauriParamsSchema.extend(feedTokenParams);
/** `…/velopack/:file`: `releases.{channel}.json` or a package it names. */
export const velopackParamsSchema = z.object({ file: segment });
export const velopackTokenParamsSchema = velopackParamsSchema.extend(feedTokenParams);
/** `…/sparkle/:channel/appcast.xml`. */
export const sparkleParamsSchema = z.object({ channel: segment });
export const sparkleTokenParamsSchema = sparkleParamsSchema.extend(feedTokenParams);

/** Squirrel.Windows and Velopack add their own query strings (ignored but allowed). */
export const feedQuerySchema = z.looseObject({});

/** Tauri's answer for an available update (tauri-plugin-updater v2 dynamic server). */
export const tauriUpdateResponseSchema = z.object({
  version: z.string(),
  url: z.string(),
  signature: z.string(),
  notes: z.string(),
  pub_date: z.string(),
});
/** Squirrel.Mac's answer for an available update (Electron autoUpdater docs). */
export const squirrelMacUpdateResponseSchema = z.object({
  url: z.string(),
  name: z.string(),
  notes: z.string(),
  pub_date: z.string(),
});
