/**
 * Helpers for tests of the update feeds (modules/updates/) with real updater clients: a harness
 * listening on a free port of 127.0.0.1 whose PUBLIC_URL is that address (so the file URLs the
 * feeds write point at it), releases published by inserting `releases` and `artifacts` rows and
 * writing their files under DATA_DIR where an upload stores them, a subscriber with their feed
 * token and feed URLs, and a reader of `multipart/byteranges` answers.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import {
  myUpdatesResponseSchema,
  type Arch,
  type ArtifactKind,
  type MyUpdatesResponse,
  type Platform,
  type ReleaseChannel,
} from '@flockr/contract';
import {
  artifacts,
  releases,
  updateSettings,
  type ArtifactRow,
  type ReleaseRow,
} from '../db/schema.js';
import { createHarness, subscribedUser, type Harness } from './harness.js';

/** A harness listening on 127.0.0.1; `url` is its address and its PUBLIC_URL. */
export interface FeedHarness extends Harness {
  /** e.g. `http://127.0.0.1:40123`, no trailing slash. */
  url: string;
}

/**
 * A seeded app on a fresh database (createHarness), listening on a free port of 127.0.0.1, with
 * PUBLIC_URL set to that address. The port is known only once it listens, so PUBLIC_URL is set
 * on the configuration object the app reads at request time (ctx.config is `h.config`).
 */
export async function createFeedHarness(): Promise<FeedHarness> {
  const h = await createHarness();
  try {
    if (h.app.appContext.config !== h.config) throw new Error('the app copied its configuration');
    await h.app.listen({ host: '127.0.0.1', port: 0 });
  } catch (error) {
    await h.close();
    throw error;
  }
  const { port } = h.app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  h.config.publicUrl = url;
  return Object.assign(h, { url });
}

/** A file of a release to publish. */
export interface ReleaseFile {
  filename: string;
  platform: Platform;
  arch: Arch;
  kind: ArtifactKind;
  data: Buffer;
  /** `artifacts.signature`: the Tauri `.sig` content (base64 of the minisign text). */
  signature?: string | null;
  /** `artifacts.ed_signature`: Sparkle's base64 Ed25519 signature. */
  edSignature?: string | null;
}

/** A published file: its row, the bytes written and where. */
export interface PublishedFile {
  row: ArtifactRow;
  data: Buffer;
  /** Absolute path of the stored file. */
  absolutePath: string;
}

/** A published release and its files by file name. */
export interface PublishedRelease {
  release: ReleaseRow;
  files: Record<string, PublishedFile>;
}

/** `data`'s SHA-1 and SHA-256 in hex, and SHA-512 in base64, as an upload records them. */
export function digests(data: Buffer) {
  const of = (algorithm: string) => createHash(algorithm).update(data);
  return {
    sha1: of('sha1').digest('hex'),
    sha256: of('sha256').digest('hex'),
    sha512: of('sha512').digest('base64'),
  };
}

/**
 * Publishes release `version`: a `releases` row (active, published at `publishedAt`, default
 * now by the harness clock; channel stable; rollout 100 %) and one `artifacts` row per file,
 * each file written under DATA_DIR at `artifacts/{version}/{8 hex}-{filename}` with its size
 * and digests recorded.
 */
export async function publishRelease(
  h: Harness,
  opts: {
    version: string;
    channel?: ReleaseChannel;
    publishedAt?: Date;
    rolloutPercentage?: number;
    minimumSystemVersion?: string | null;
    files: ReleaseFile[];
  },
): Promise<PublishedRelease> {
  const publishedAt = opts.publishedAt ?? h.clock.now();
  const [release] = await h.db
    .insert(releases)
    .values({
      version: opts.version,
      releaseDate: publishedAt.toISOString().slice(0, 10),
      isActive: true,
      channel: opts.channel ?? 'stable',
      publishedAt,
      rolloutPercentage: opts.rolloutPercentage ?? 100,
      minimumSystemVersion: opts.minimumSystemVersion ?? null,
    })
    .returning();
  const files: Record<string, PublishedFile> = {};
  for (const file of opts.files) {
    const storagePath = path.posix.join(
      'artifacts',
      opts.version,
      `${randomBytes(4).toString('hex')}-${file.filename}`,
    );
    const absolutePath = path.join(h.config.dataDir, storagePath);
    await mkdir(path.dirname(absolutePath), { recursive: true });
    await writeFile(absolutePath, file.data);
    const [row] = await h.db
      .insert(artifacts)
      .values({
        releaseId: release!.id,
        filename: file.filename,
        storagePath,
        fileSize: file.data.length,
        ...digests(file.data),
        platform: file.platform,
        arch: file.arch,
        kind: file.kind,
        signature: file.signature ?? null,
        edSignature: file.edSignature ?? null,
      })
      .returning();
    files[file.filename] = { row: row!, data: file.data, absolutePath };
  }
  return { release: release!, files };
}

/** Sets `yanked_at` of release `id` (now by the harness clock), or clears it with `false`. */
export async function yankRelease(h: Harness, id: string, yanked = true): Promise<void> {
  await h.db
    .update(releases)
    .set({ yankedAt: yanked ? h.clock.now() : null, yankReason: yanked ? 'test' : null })
    .where(eq(releases.id, id));
}

/** Sets the minimum supported version (update_settings), or clears it with null. */
export async function setMinimumVersion(h: Harness, version: string | null): Promise<void> {
  await h.db
    .insert(updateSettings)
    .values({ id: 1, minimumVersion: version })
    .onConflictDoUpdate({ target: updateSettings.id, set: { minimumVersion: version } });
}

/** A subscriber (active PRO monthly) on `channel`, with their feed token and feed URLs. */
export async function feedSubscriber(h: Harness, channel: ReleaseChannel = 'stable') {
  const user = await subscribedUser(h.app);
  const res =
    channel === 'stable'
      ? await h.app.inject({ method: 'GET', url: '/api/v1/updates/me', headers: user.headers })
      : await h.app.inject({
          method: 'PUT',
          url: '/api/v1/updates/me',
          headers: user.headers,
          payload: { channel },
        });
  if (res.statusCode !== 200) throw new Error(`/updates/me: ${res.statusCode} ${res.body}`);
  const me: MyUpdatesResponse = myUpdatesResponseSchema.parse(res.json());
  return { ...user, token: me.feed_token, feeds: me.feeds, me };
}

/** One part of a `multipart/byteranges` body: its headers (lowercase names) and bytes. */
export interface BytePart {
  headers: Record<string, string>;
  data: Buffer;
}

/**
 * Splits a `multipart/byteranges` body (RFC 9110 §14.6, RFC 2046 §5.1) by the boundary of
 * `contentType`. Throws when the body is not well formed (no boundary, a part without its
 * header block, no closing delimiter).
 */
export function parseByteRanges(body: Buffer, contentType: string): BytePart[] {
  const boundary = /;\s*boundary=("?)([^";]+)\1/.exec(contentType)?.[2];
  if (!boundary) throw new Error(`no boundary in ${contentType}`);
  const delimiter = Buffer.from(`--${boundary}`);
  const between = Buffer.from(`\r\n--${boundary}`);
  let at = body.indexOf(delimiter);
  if (at !== 0) throw new Error('the body does not start with the boundary');
  const parts: BytePart[] = [];
  for (;;) {
    const after = at + delimiter.length;
    const tail = body.subarray(after, after + 2).toString('latin1');
    if (tail === '--') {
      if (body.subarray(after + 2).toString('latin1') !== '\r\n')
        throw new Error('bytes after the closing delimiter');
      return parts;
    }
    if (tail !== '\r\n') throw new Error('no CRLF after a boundary');
    const headEnd = body.indexOf('\r\n\r\n', after + 2);
    if (headEnd < 0) throw new Error('a part without headers');
    const headers: Record<string, string> = {};
    for (const line of body
      .subarray(after + 2, headEnd)
      .toString('latin1')
      .split('\r\n')) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const next = body.indexOf(between, headEnd + 4);
    if (next < 0) throw new Error('no closing delimiter');
    parts.push({ headers, data: body.subarray(headEnd + 4, next) });
    at = next + 2;
  }
}
