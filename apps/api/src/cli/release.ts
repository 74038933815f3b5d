/**
 * `npm run release -- <command> [options]`: publishes releases from a CI pipeline (docs/updates.md
 * "Publishing from CI"), through the HTTP API only (never the database), as the admin whose API
 * token it is given. Files are streamed from disk (never held whole in memory) and their SHA-256
 * checked against what the server computed. Prints one line per step; exits 0 when done, 1 when
 * the server refused (its error message is printed) or could not be reached, 2 on a usage error.
 *
 * Environment: FLOCKR_URL, the site's address (PUBLIC_URL, e.g. https://flockr.example.com; the
 * API is under /api/v1), and FLOCKR_API_TOKEN, an admin API token (`flk_…`, made in the admin's
 * Downloads tab under API tokens).
 * Run again after a failure: `publish` finds the release it created, skips files already there
 * with the same SHA-256, and carries on.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  API,
  API_BASE_PATH,
  API_TOKEN_PREFIX,
  ARCHES,
  ARTIFACT_KINDS,
  PLATFORMS,
  RELEASE_CHANNELS,
  adminArtifactResponseSchema,
  adminReleaseResponseSchema,
  adminReleasesResponseSchema,
  buildPath,
  formatFileSize,
  versionSchema,
  type AdminReleaseDetail,
  type Endpoint,
} from '@flockr/contract';

const USAGE = `Usage: npm run release -- <command> [options]

Commands:
  publish   Create the release (or find the one a failed run left), upload its files, publish it.
            --version 1.5.0              semantic version (required)
            --channel beta               stable (default), rc, beta or alpha
            --rollout 50                 percentage of users offered it, 0-100 (default 100)
            --date 2026-12-01            release date shown to users (default: today, UTC)
            --min-macos 12.0             oldest macOS it runs on (Sparkle)
            --file PLATFORM:ARCH:KIND:PATH
                                         a file to upload; repeat for each. PLATFORM windows,
                                         macos or linux; ARCH x64, arm64, ia32 or universal;
                                         KIND installer, zip, dmg, appimage, deb, rpm, archive,
                                         nupkg, delta, blockmap or signature
            --signature PATH.sig         the minisign signature (Tauri's .sig) of the --file PATH;
                                         repeat for each signed file
            --ed-signature PATH=BASE64   Sparkle's EdDSA signature of the --file PATH
            --draft                      upload but leave it unpublished
  yank      --version 1.5.0 [--reason "Crashes on start"]   withdraw a bad release from every feed
  unyank    --version 1.5.0                                  offer a yanked release again
  rollout   --version 1.5.0 --percent 100                    change the share of users offered it
  list      every release with its channel, state, rollout and files

Environment: FLOCKR_URL (the site's address) and FLOCKR_API_TOKEN (an admin API token, flk_...).
Exit status: 0 done, 1 refused by the server or unreachable, 2 usage error.`;

/** A usage error (exit 2). */
class UsageError extends Error {}

/** The server refused, or could not be reached (exit 1). */
class ServerError extends Error {}

/** One `--file`: what it is and where it is. */
interface FileArg {
  platform: string;
  arch: string;
  kind: string;
  path: string;
  filename: string;
  size: number;
  signature?: string;
  edSignature?: string;
}

/** The API's base URL from FLOCKR_URL: the site's address, with or without `/api/v1`. */
function apiBase(url: string): string {
  const trimmed = url.replace(/\/+$/, '');
  return trimmed.endsWith(API_BASE_PATH) ? trimmed : `${trimmed}${API_BASE_PATH}`;
}

/** A client of the admin release endpoints, authenticated with the API token. */
function client(base: string, token: string) {
  const headers = { authorization: `Bearer ${token}` };

  /** The server's error message of a refused answer, with its code and status. */
  async function refusal(res: Response): Promise<ServerError> {
    const text = await res.text();
    try {
      const body = JSON.parse(text) as { error?: string; code?: string };
      if (body.error)
        return new ServerError(`${body.error} (${body.code ?? 'no code'}, HTTP ${res.status})`);
    } catch {
      // Not JSON: a proxy's page, say.
    }
    return new ServerError(`HTTP ${res.status} from ${res.url}: ${text.slice(0, 200)}`);
  }

  /** Sends one request; network failures become a ServerError naming the server. */
  async function send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, init);
    } catch (error) {
      const cause = (error as { cause?: { message?: string } }).cause?.message;
      throw new ServerError(`cannot reach ${base}: ${cause ?? (error as Error).message}`);
    }
  }

  /** Calls `endpoint` with a JSON `body`; returns the parsed answer. @throws ServerError. */
  async function call(
    endpoint: Endpoint,
    params: Record<string, string> = {},
    body?: unknown,
  ): Promise<unknown> {
    const res = await send(`${base}${buildPath(endpoint.path, params)}`, {
      method: endpoint.method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
    if (!res.ok) throw await refusal(res);
    return res.json();
  }

  /**
   * Uploads `file` to release `releaseId` as a multipart form (its fields first, then the bytes
   * streamed from disk), computing its SHA-256 on the way. Returns the server's record and the
   * local SHA-256. @throws ServerError.
   */
  async function upload(releaseId: string, file: FileArg) {
    const boundary = `----flockr-release-${Date.now().toString(16)}`;
    const fields: Record<string, string> = {
      platform: file.platform,
      arch: file.arch,
      kind: file.kind,
      filename: file.filename,
      ...(file.signature !== undefined && { signature: file.signature }),
      ...(file.edSignature !== undefined && { ed_signature: file.edSignature }),
    };
    const head = Buffer.from(
      Object.entries(fields)
        .map(
          ([name, value]) =>
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        )
        .join('') +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const hash = createHash('sha256');
    async function* body() {
      yield head;
      for await (const chunk of createReadStream(file.path)) {
        hash.update(chunk as Buffer);
        yield chunk as Buffer;
      }
      yield tail;
    }
    const res = await send(
      `${base}${buildPath(API.admin.uploadArtifact.path, { id: releaseId })}`,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + file.size + tail.length),
        },
        body: ReadableStream.from(body()),
        duplex: 'half',
      } as RequestInit,
    );
    if (!res.ok) throw await refusal(res);
    const { artifact } = adminArtifactResponseSchema.parse(await res.json());
    return { artifact, sha256: hash.digest('hex') };
  }

  return { call, upload };
}

/** The hex SHA-256 of the file at `file`, read as a stream. */
async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** `value` when it is one of `allowed`. @throws UsageError naming `what`. */
function oneOf(value: string, allowed: readonly string[], what: string): string {
  if (!allowed.includes(value))
    throw new UsageError(`${what} "${value}" is not one of ${allowed.join(', ')}`);
  return value;
}

/** A whole number in [min, max]. @throws UsageError naming `what`. */
function wholeNumber(value: string, min: number, max: number, what: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max)
    throw new UsageError(`${what} must be a whole number from ${min} to ${max}`);
  return n;
}

/** The semantic version of `--version`. @throws UsageError. */
function versionArg(value: string | undefined): string {
  if (value === undefined) throw new UsageError('--version is required');
  const parsed = versionSchema.safeParse(value);
  if (!parsed.success) throw new UsageError(parsed.error.issues[0]!.message);
  return parsed.data;
}

/**
 * The `--file PLATFORM:ARCH:KIND:PATH` arguments with their `--signature` and `--ed-signature`,
 * checked: known platform, arch and kind, an existing non-empty file, file names unique, every
 * signature naming one of the files. The path is everything after the third colon (a Windows
 * drive letter is fine). @throws UsageError.
 */
async function fileArgs(
  specs: string[],
  signatures: string[],
  edSignatures: string[],
): Promise<FileArg[]> {
  const files: FileArg[] = [];
  for (const spec of specs) {
    const parts = spec.split(':');
    if (parts.length < 4) throw new UsageError(`--file ${spec}: expected PLATFORM:ARCH:KIND:PATH`);
    const [platform, arch, kind] = parts as [string, string, string];
    const file = path.resolve(parts.slice(3).join(':'));
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) throw new UsageError(`--file ${spec}: no such file`);
    if (info.size === 0) throw new UsageError(`--file ${spec}: the file is empty`);
    files.push({
      platform: oneOf(platform, PLATFORMS, 'platform'),
      arch: oneOf(arch, ARCHES, 'arch'),
      kind: oneOf(kind, ARTIFACT_KINDS, 'kind'),
      path: file,
      filename: path.basename(file),
      size: info.size,
    });
  }
  const names = files.map((f) => f.filename);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) throw new UsageError(`two files are called ${twice}: a release's file names differ`);
  const fileOf = (target: string, flag: string) => {
    const found = files.find((f) => f.path === path.resolve(target));
    if (!found) throw new UsageError(`${flag}: ${target} is not one of the --file paths`);
    return found;
  };
  for (const sig of signatures) {
    if (!sig.endsWith('.sig'))
      throw new UsageError(`--signature ${sig}: expected the .sig file next to the signed file`);
    const text = await readFile(sig, 'utf8').catch(() => {
      throw new UsageError(`--signature ${sig}: no such file`);
    });
    fileOf(sig.slice(0, -'.sig'.length), '--signature').signature = text.trim();
  }
  for (const pair of edSignatures) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new UsageError(`--ed-signature ${pair}: expected PATH=BASE64`);
    fileOf(pair.slice(0, at), '--ed-signature').edSignature = pair.slice(at + 1);
  }
  return files;
}

/** The state of a release in one word, as `list` prints it. Pure. */
function stateOf(r: AdminReleaseDetail): string {
  if (r.yanked_at) return 'yanked';
  if (r.archived_at) return 'archived';
  if (r.is_active) return 'published';
  return r.published_at ? 'withdrawn' : 'draft';
}

/** Today's UTC date, YYYY-MM-DD. */
const today = () => new Date().toISOString().slice(0, 10);

type Api = ReturnType<typeof client>;

/** Every release (GET /admin/releases). */
async function releases(api: Api): Promise<AdminReleaseDetail[]> {
  return adminReleasesResponseSchema.parse(await api.call(API.admin.releaseDetails)).releases;
}

/** The release `version`. @throws ServerError when there is none. */
async function releaseNamed(api: Api, version: string): Promise<AdminReleaseDetail> {
  const found = (await releases(api)).find((r) => r.version === version);
  if (!found) throw new ServerError(`there is no release ${version}`);
  return found;
}

/** PATCH /admin/releases/{id} with `changes`; returns the release after. */
async function patch(api: Api, id: string, changes: object): Promise<AdminReleaseDetail> {
  return adminReleaseResponseSchema.parse(
    await api.call(API.admin.updateReleaseDetail, { id }, changes),
  ).release;
}

type Values = ReturnType<typeof parse>['values'];

/** `publish`: see USAGE. */
async function publish(api: Api, values: Values, log: (line: string) => void): Promise<void> {
  const version = versionArg(values.version);
  const channel =
    values.channel === undefined ? undefined : oneOf(values.channel, RELEASE_CHANNELS, 'channel');
  const rollout =
    values.rollout === undefined ? undefined : wholeNumber(values.rollout, 0, 100, '--rollout');
  if (values.date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.date))
    throw new UsageError('--date must be YYYY-MM-DD');
  const files = await fileArgs(
    values.file ?? [],
    values.signature ?? [],
    values['ed-signature'] ?? [],
  );

  let release = (await releases(api)).find((r) => r.version === version);
  if (release) {
    log(`found release ${version} (${stateOf(release)}, ${release.channel})`);
  } else {
    release = adminReleaseResponseSchema.parse(
      await api.call(
        API.admin.createReleaseDraft,
        {},
        {
          version,
          channel: channel ?? 'stable',
          release_date: values.date ?? today(),
          rollout_percentage: rollout ?? 100,
          minimum_system_version: values['min-macos'] ?? null,
          publish: false,
        },
      ),
    ).release;
    log(`created draft ${version} (${release.channel}, rollout ${release.rollout_percentage}%)`);
  }

  let count = release.artifacts.length;
  for (const file of files) {
    const label = `${file.platform} ${file.arch} ${file.kind} ${file.filename}`;
    const there = release.artifacts.find((a) => a.filename === file.filename);
    if (there) {
      if (there.sha256 !== (await sha256Of(file.path)))
        throw new ServerError(
          `release ${version} already has ${file.filename} with other content (sha256 ${there.sha256}); publish a new version instead`,
        );
      log(`already there ${label}`);
      continue;
    }
    const { artifact, sha256 } = await api.upload(release.id, file);
    if (artifact.sha256 !== sha256)
      throw new ServerError(
        `${file.filename}: the server stored sha256 ${artifact.sha256}, the file has ${sha256}`,
      );
    count += 1;
    log(`uploaded ${label} (${formatFileSize(artifact.file_size)}, sha256 ${sha256})`);
  }

  const changes = {
    ...(channel !== undefined && channel !== release.channel && { channel }),
    ...(rollout !== undefined &&
      rollout !== release.rollout_percentage && {
        rollout_percentage: rollout,
      }),
    ...(values['min-macos'] !== undefined &&
      values['min-macos'] !== release.minimum_system_version && {
        minimum_system_version: values['min-macos'],
      }),
    ...(!values.draft && !release.is_active && { is_active: true }),
  };
  if (!values.draft && count === 0)
    throw new UsageError(`release ${version} has no files: give at least one --file`);
  if (Object.keys(changes).length > 0) release = await patch(api, release.id, changes);
  if (values.draft) {
    log(
      `left ${version} as a draft with ${count} file(s); publish it with: npm run release -- publish --version ${version}`,
    );
  } else {
    log(
      `published ${version} on ${release.channel} to ${release.rollout_percentage}% of users, ${count} file(s)`,
    );
  }
}

/** Parses the command line (node:util parseArgs). @throws UsageError. */
function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        version: { type: 'string' },
        channel: { type: 'string' },
        rollout: { type: 'string' },
        date: { type: 'string' },
        'min-macos': { type: 'string' },
        file: { type: 'string', multiple: true },
        signature: { type: 'string', multiple: true },
        'ed-signature': { type: 'string', multiple: true },
        draft: { type: 'boolean' },
        reason: { type: 'string' },
        percent: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** Runs the command line `argv`; returns the exit status. */
async function main(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  out: (line: string) => void = (line) => console.log(line),
  err: (line: string) => void = (line) => console.error(line),
): Promise<number> {
  try {
    const { values, positionals } = parse(argv);
    const [command, ...extra] = positionals;
    if (values.help) {
      out(USAGE);
      return 0;
    }
    if (!command) throw new UsageError('a command is required');
    if (extra.length > 0) throw new UsageError(`unexpected argument ${extra[0]}`);
    if (!['publish', 'yank', 'unyank', 'rollout', 'list'].includes(command))
      throw new UsageError(`unknown command ${command}`);
    const url = env.FLOCKR_URL;
    const token = env.FLOCKR_API_TOKEN;
    if (!url) throw new UsageError('FLOCKR_URL is not set (the site address)');
    if (!token) throw new UsageError('FLOCKR_API_TOKEN is not set (an admin API token)');
    if (!token.startsWith(API_TOKEN_PREFIX))
      throw new UsageError(`FLOCKR_API_TOKEN is not an API token (${API_TOKEN_PREFIX}…)`);
    const api = client(apiBase(url), token);

    switch (command) {
      case 'publish':
        await publish(api, values, out);
        break;
      case 'yank': {
        const release = await releaseNamed(api, versionArg(values.version));
        const after = await patch(api, release.id, {
          yanked: true,
          ...(values.reason !== undefined && { yank_reason: values.reason }),
        });
        out(`yanked ${after.version}${after.yank_reason ? `: ${after.yank_reason}` : ''}`);
        break;
      }
      case 'unyank': {
        const release = await releaseNamed(api, versionArg(values.version));
        const after = await patch(api, release.id, { yanked: false });
        out(`restored ${after.version} (${stateOf(after)})`);
        break;
      }
      case 'rollout': {
        if (values.percent === undefined) throw new UsageError('--percent is required');
        const percent = wholeNumber(values.percent, 0, 100, '--percent');
        const release = await releaseNamed(api, versionArg(values.version));
        const after = await patch(api, release.id, { rollout_percentage: percent });
        out(
          `${after.version} is offered to ${after.rollout_percentage}% of ${after.channel} users`,
        );
        break;
      }
      case 'list': {
        const all = await releases(api);
        for (const r of all) {
          const files = r.artifacts.map((a) => `${a.platform}/${a.arch}/${a.kind}`).join(', ');
          out(
            `${r.version.padEnd(16)} ${r.channel.padEnd(7)} ${stateOf(r).padEnd(10)} ${String(r.rollout_percentage).padStart(3)}%  ${files || 'no files'}`,
          );
        }
        if (all.length === 0) out('no releases');
        break;
      }
    }
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      err(`error: ${error.message}`);
      err('Run "npm run release -- --help" for usage.');
      return 2;
    }
    if (error instanceof ServerError) {
      err(`error: ${error.message}`);
      return 1;
    }
    err(`error: ${(error as Error).message ?? String(error)}`);
    return 1;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
