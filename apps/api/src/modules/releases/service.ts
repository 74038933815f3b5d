/**
 * Download rules (requirements §4, §6 and §8; README "Downloads"; docs/updates.md "Access"): only
 * signed-in users whose subscription gives access download (while active, every release of their
 * channel; after the expiry, on a plan that keeps them, the releases published before it);
 * unknown, inactive, yanked or not-offered versions are 404. Files stored here are
 * handed out through signed links that expire after DOWNLOAD_LINK_TTL_MS (5 minutes); when the
 * file is fetched, the account and the subscription are checked again.
 */
import { randomUUID } from 'node:crypto';
import semver from 'semver';
import {
  DOWNLOAD_LINK_TTL_MS,
  EMAILED_DOWNLOAD_LINK_TTL_MS,
  buildLabel,
  buildNotFoundMessage,
  emailedLinkMessage,
  formatFileSize,
  idSchema,
  isDownloadKind,
  type Computer,
  type DownloadHistoryResponse,
  type DownloadLinkResponse,
  type EmailDownloadLinkResponse,
  type ProgramVersion,
  type ReleaseChannel,
  type VersionsResponse,
  unknownBuildMessage,
} from '@flockr/contract';
import type { AppContext } from '../../context.js';
import type { ArtifactRow, ReleaseRow, UserRow } from '../../db/schema.js';
import type { DetectedComputer } from '../../lib/computer.js';
import { HttpError, forbidden, notFound } from '../../lib/http-error.js';
import { brandOf, templates } from '../../mail/templates.js';
import { assertAccountActive } from '../accounts/sign-in.js';
import { notesForVersions } from '../changelog/service.js';
import { deliverOutbox, enqueueMail } from '../outbox/service.js';
import { findAccountById } from '../accounts/profile.js';
import { accessOf, isOfferedTo, type Access } from '../subscriptions/access.js';
import {
  buildsOf,
  chooseBuild,
  orderBuilds,
  recommendedBuild,
  toDownloadBuild,
  type Build,
  type BuildChoice,
} from './builds.js';
import {
  findArtifact,
  listArtifactsOfReleases,
  listReleases,
  listUserDownloads,
  recordDownloadOnce,
  type ReleaseWithArtifact,
} from './repository.js';
import type { FileDelivery } from './storage.js';

/** A release as subscribers see it (its file's name, size and checksum). Pure. */
export function toProgramVersion({ release, artifact }: ReleaseWithArtifact): ProgramVersion {
  return {
    id: release.id,
    version: release.version,
    filename: artifact.filename,
    file_size: artifact.fileSize,
    file_size_formatted: formatFileSize(artifact.fileSize),
    sha256: artifact.sha256,
    release_date: release.releaseDate,
    is_active: release.isActive,
  };
}

/** Releases newest semantic version first; only active ones unless `all`. */
export async function releasesBySemver(
  ctx: AppContext,
  all = false,
): Promise<ReleaseWithArtifact[]> {
  const rows = await listReleases(ctx.db, all);
  return rows.sort((a, b) => semver.rcompare(a.release.version, b.release.version));
}

/**
 * What `user` may download now (subscriptions/access.ts).
 * @throws 403 ACCOUNT_SUSPENDED / ACCOUNT_INACTIVE; 403 SUBSCRIPTION_REQUIRED when it gives nothing.
 */
async function downloadAccess(ctx: AppContext, user: UserRow): Promise<Access> {
  const access = await accessOf(ctx, user);
  if (access.kind === 'none') {
    assertAccountActive(user);
    throw forbidden('subscriptionRequired');
  }
  return access;
}

/** The releases offered to `user`, newest semantic version first. Same errors. */
async function offeredReleases(ctx: AppContext, user: UserRow): Promise<ReleaseWithArtifact[]> {
  const access = await downloadAccess(ctx, user);
  const channel = user.releaseChannel as ReleaseChannel;
  return (await releasesBySemver(ctx)).filter((r) => isOfferedTo(r.release, channel, access));
}

/** An offered version with its builds (builds.ts), as uploaded. */
interface OfferedVersion {
  release: ReleaseRow;
  builds: Build[];
  /** The artifact rows of the builds, by id (where each file is). */
  artifacts: Map<string, ArtifactRow>;
}

/**
 * The versions offered to `user` that have at least one build (a release of feed files alone is
 * not a download), newest semantic version first. @throws 403 as `downloadAccess`.
 */
async function offeredVersions(ctx: AppContext, user: UserRow): Promise<OfferedVersion[]> {
  const offered = await offeredReleases(ctx, user);
  const rows = await listArtifactsOfReleases(
    ctx.db,
    offered.map((r) => r.release.id),
  );
  const byRelease = new Map<string, ArtifactRow[]>();
  for (const row of rows) {
    const list = byRelease.get(row.releaseId) ?? [];
    list.push(row);
    byRelease.set(row.releaseId, list);
  }
  return offered
    .map(({ release }) => {
      const of = byRelease.get(release.id) ?? [];
      return {
        release,
        builds: buildsOf(ctx.config.productName, release.version, of),
        artifacts: new Map(of.map((a) => [a.id, a])),
      };
    })
    .filter((v) => v.builds.length > 0);
}

/**
 * The spec's record of `version` (requirements §7) for `computer`: `filename`, `file_size` and `sha256`
 * are those of the build it is offered first (`ordered[0]`, from `orderBuilds`).
 */
function versionRecord(release: ReleaseRow, ordered: readonly Build[]): ProgramVersion {
  const first = ordered[0]!;
  return {
    id: release.id,
    version: release.version,
    filename: first.filename,
    file_size: first.file_size,
    file_size_formatted: first.file_size_formatted,
    sha256: first.sha256,
    release_date: release.releaseDate,
    is_active: release.isActive,
  };
}

/** The computer as the answers show it (without the Linux package format). */
const publicComputer = ({ platform, arch, mobile }: DetectedComputer): Computer => ({
  platform,
  arch,
  mobile,
});

/**
 * `GET /downloads/versions`: the offered versions, newest first, each with the notes of its
 * published changelog entry (null when none) and its builds in the order `computer` is offered
 * them, the recommended one named (builds.ts); and the computer as read from the request (spec
 * sections 1 and 7; docs/downloads.md).
 * @throws 403 SUBSCRIPTION_REQUIRED.
 */
export async function versions(
  ctx: AppContext,
  user: UserRow,
  computer: DetectedComputer,
): Promise<VersionsResponse> {
  const offered = await offeredVersions(ctx, user);
  const notes = await notesForVersions(
    ctx,
    offered.map((v) => v.release.version),
  );
  return {
    versions: offered.map(({ release, builds }) => {
      const ordered = orderBuilds(builds, computer);
      return {
        ...versionRecord(release, ordered),
        notes: notes.get(release.version) ?? null,
        builds: ordered.map(toDownloadBuild),
        recommended_build_id: recommendedBuild(ordered, computer)?.id ?? null,
      };
    }),
    computer: publicComputer(computer),
  };
}

/**
 * `GET /downloads/latest`: the newest offered version's record, with the file of the build for
 * `computer` (requirements §7). @throws 403; 404 RELEASE_NOT_FOUND.
 */
export async function latest(
  ctx: AppContext,
  user: UserRow,
  computer: DetectedComputer,
): Promise<ProgramVersion> {
  const [newest] = await offeredVersions(ctx, user);
  if (!newest) throw notFound('downloadNotFound');
  return versionRecord(newest.release, orderBuilds(newest.builds, computer));
}

/** `GET /downloads/history`: the user's downloads, newest first. @throws 403. */
export async function history(ctx: AppContext, user: UserRow): Promise<DownloadHistoryResponse> {
  await downloadAccess(ctx, user);
  return { downloads: await downloadHistory(ctx, user.id) };
}

/**
 * The downloads of `userId`, newest first (also shown to admins), each with the name the file
 * was saved under (builds.ts).
 */
export async function downloadHistory(ctx: AppContext, userId: string, limit = 50) {
  const rows = await listUserDownloads(ctx.db, userId, limit);
  return rows.map((r) => ({
    id: r.id,
    version: r.version,
    filename: savedName(ctx, r.version, r.artifact),
    downloaded_at: r.at.toISOString(),
  }));
}

/** The name `artifact` of release `version` is saved under (its build's, else its own). */
function savedName(ctx: AppContext, version: string, artifact: ArtifactRow): string {
  return buildsOf(ctx.config.productName, version, [artifact])[0]?.filename ?? artifact.filename;
}

/** A version that is offered and the build of it that was chosen. */
interface ChosenBuild {
  version: OfferedVersion;
  build: Build;
}

/**
 * The offered version `choice.version` (the newest when absent) and its build for `choice` and
 * `computer` (builds.ts `chooseBuild`).
 * @throws 403 SUBSCRIPTION_REQUIRED; 404 RELEASE_NOT_FOUND for a version not offered;
 * 404 BUILD_NOT_FOUND, with the version's builds, when it has none that matches.
 */
async function chosenBuild(
  ctx: AppContext,
  user: UserRow,
  choice: BuildChoice & { version?: string },
  computer: DetectedComputer,
): Promise<ChosenBuild> {
  const all = await offeredVersions(ctx, user);
  const version = choice.version ? all.find((v) => v.release.version === choice.version) : all[0];
  if (!version) throw notFound('downloadNotFound');
  const build = chooseBuild(version.builds, computer, choice);
  if (build) return { version, build };
  const platform = choice.platform ?? computer.platform;
  const arch = choice.arch ?? (choice.platform ? null : computer.arch);
  throw new HttpError(404, 'buildNotFound', {
    message: choice.build
      ? unknownBuildMessage(version.release.version)
      : buildNotFoundMessage(version.release.version, platform, arch),
    details: { builds: orderBuilds(version.builds, computer).map(toDownloadBuild) },
  });
}

/** A link to `build` for `user`, valid `ttlMs` milliseconds (see `createLink`). */
async function linkTo(
  ctx: AppContext,
  user: UserRow,
  { version, build }: ChosenBuild,
  ttlMs: number,
): Promise<DownloadLinkResponse> {
  const artifact = version.artifacts.get(build.id)!;
  const signed = await ctx.tokens.sign('download', user.id, ttlMs, { aid: artifact.id });
  const link = {
    filename: build.filename,
    version: version.release.version,
    expires_at: signed.expiresAt.toISOString(),
    platform: build.platform,
    arch: build.arch,
    kind: build.kind,
  };
  if (!artifact.storagePath && artifact.downloadUrl) {
    return { ...link, download_url: artifact.downloadUrl };
  }
  return {
    ...link,
    download_url: `${ctx.config.publicUrl}/api/v1/downloads/file?token=${encodeURIComponent(signed.token)}`,
  };
}

/**
 * `GET /downloads/link?version=&platform=&arch=&kind=`: a link to a build of `version` (the
 * newest when absent): the platform, architecture and kind asked for, else the build for the
 * caller's `computer` (builds.ts `chooseBuild`; docs/downloads.md). For a file stored here it is
 * a signed URL valid for 5 minutes; for an externally hosted file it is that URL, and the download
 * is recorded now.
 * @throws 403 SUBSCRIPTION_REQUIRED; 404 RELEASE_NOT_FOUND for an unknown or inactive version;
 * 404 BUILD_NOT_FOUND, with the builds the version has, when none matches.
 */
export async function createLink(
  ctx: AppContext,
  user: UserRow,
  choice: BuildChoice & { version?: string },
  computer: DetectedComputer,
): Promise<DownloadLinkResponse> {
  const chosen = await chosenBuild(ctx, user, choice, computer);
  const link = await linkTo(ctx, user, chosen, DOWNLOAD_LINK_TTL_MS);
  const artifact = chosen.version.artifacts.get(chosen.build.id)!;
  if (!artifact.storagePath && artifact.downloadUrl) {
    const recorded = await recordDownloadOnce(ctx.db, {
      userId: user.id,
      artifactId: artifact.id,
      releaseId: chosen.version.release.id,
      linkId: randomUUID(),
    });
    if (recorded) ctx.metrics.download();
  }
  return link;
}

/**
 * `POST /downloads/email-link`: e-mails the caller links to every build of `choice.version` (the
 * newest when absent) at the account's own address, to open later on a computer. The build asked
 * for, else the one for the caller's `computer`, comes first; from a phone, which is no computer,
 * the e-mail lists every build alike (docs/downloads.md "E-mailed links"). Each link lives
 * EMAILED_DOWNLOAD_LINK_TTL_MS (24 h) and, like every link, serves the file only while the account
 * is active and subscribed (checked again by `resolveLink`); a download is recorded when a file is
 * fetched (an externally hosted file's URL is given as it is, and not recorded). The e-mail goes
 * through the outbox (docs/jobs-and-email.md): sent before the answer when the transport takes it,
 * else retried with backoff.
 * @throws 403 SUBSCRIPTION_REQUIRED; 404 RELEASE_NOT_FOUND; 404 BUILD_NOT_FOUND.
 */
export async function emailLink(
  ctx: AppContext,
  user: UserRow,
  choice: BuildChoice & { version?: string },
  computer: DetectedComputer,
): Promise<EmailDownloadLinkResponse> {
  const asked = choice.build || choice.platform || choice.arch || choice.kind;
  const first =
    computer.mobile && !asked ? undefined : await chosenBuild(ctx, user, choice, computer);
  const version =
    first?.version ??
    (await offeredVersions(ctx, user)).find(
      (v) => !choice.version || v.release.version === choice.version,
    );
  if (!version) throw notFound('downloadNotFound');
  const ordered = orderBuilds(version.builds, computer);
  const links = await Promise.all(
    ordered.map(async (build) => ({
      build,
      link: await linkTo(ctx, user, { version, build }, EMAILED_DOWNLOAD_LINK_TTL_MS),
    })),
  );
  const asEntry = ({ build, link }: (typeof links)[number]) => ({
    label: buildLabel(build),
    filename: build.filename,
    size: build.file_size_formatted,
    url: link.download_url,
  });
  const primary = first ? links.find((l) => l.build.id === first.build.id) : undefined;
  const expiresAt = links[0]!.link.expires_at;
  const mail = templates.downloadLink(brandOf(ctx.config), user.username, {
    version: version.release.version,
    primary: primary ? asEntry(primary) : null,
    others: links.filter((l) => l !== primary).map(asEntry),
    expiresAt,
  });
  // Each request is its own cause (the same version may be asked for again), so a key of its own.
  const id = await enqueueMail(ctx.db, ctx.now(), {
    to: user.email,
    kind: 'download-link',
    dedupeKey: `download-link:${user.id}:${randomUUID()}`,
    ...mail,
  });
  await deliverOutbox(ctx, [id]);
  return {
    message: emailedLinkMessage(
      primary?.build.filename ?? null,
      user.email,
      version.release.version,
    ),
    sent_to: user.email,
    version: version.release.version,
    expires_at: expiresAt,
  };
}

/**
 * A verified download link: how its file goes out (streamed from DATA_DIR, by nginx through
 * X-Accel-Redirect when DOWNLOAD_ACCEL_REDIRECT is set, or a redirect to a presigned URL when
 * S3_BUCKET is set; storage.ts `FileDelivery`) and what to call it.
 */
export interface ResolvedFile {
  delivery: FileDelivery;
  filename: string;
}

/**
 * Checks a signed link and records the download (once per link). The link only proves who asked
 * and when: the account and its subscription are checked again now, so a link issued before the
 * account was suspended, deactivated or deleted, or before the subscription ended, serves nothing.
 * Then says how the stored file goes out (docs/downloads.md). Called once per request to the
 * link: with object storage the bytes, Range requests included, then come from the store without
 * coming back here, so nothing is counted per byte range.
 * @throws 404 DOWNLOAD_LINK_INVALID (bad or expired link, deleted account), RELEASE_NOT_FOUND or
 * ARTIFACT_MISSING (recorded, but the file is not in the store);
 * 403 ACCOUNT_SUSPENDED / ACCOUNT_INACTIVE / SUBSCRIPTION_REQUIRED.
 */
export async function resolveLink(ctx: AppContext, token: string): Promise<ResolvedFile> {
  const claims = await ctx.tokens.verify('download', token);
  if (!claims || typeof claims.aid !== 'string' || !idSchema.safeParse(claims.aid).success)
    throw notFound('downloadLinkInvalid');
  const found = await findArtifact(ctx.db, claims.aid);
  if (
    !found ||
    !found.release.isActive ||
    !found.artifact.storagePath ||
    !isDownloadKind(found.artifact.kind)
  )
    throw notFound('downloadNotFound');
  const user = await findAccountById(ctx, claims.sub);
  if (!user || user.deletedAt) throw notFound('downloadLinkInvalid');
  const access = await downloadAccess(ctx, user);
  if (!isOfferedTo(found.release, user.releaseChannel as ReleaseChannel, access))
    throw notFound('downloadNotFound');
  const recorded = await recordDownloadOnce(ctx.db, {
    userId: user.id,
    artifactId: found.artifact.id,
    releaseId: found.release.id,
    linkId: claims.jti,
  });
  if (recorded) ctx.metrics.download();
  const filename = savedName(ctx, found.release.version, found.artifact);
  const delivery = await ctx.artifacts.deliveryOf(found.artifact.storagePath, filename);
  if (!delivery) throw notFound('downloadFileMissing');
  return { delivery, filename };
}
