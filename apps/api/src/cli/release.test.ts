/**
 * `npm run release` (docs/updates.md "Publishing from CI"), run as a child process (its
 * TypeScript through tsx) against the app listening on a free port, with an admin API token:
 * publishing a release with two files, running again after the fact, yank / unyank / rollout /
 * list, the server's refusal printed with exit 1, usage errors with exit 2.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminReleasesResponseSchema } from '@flockr/contract';
import { artifacts, auditLog } from '../db/schema.js';
import { updateUser } from '../modules/accounts/repository.js';
import { runCli } from '../test/cli.js';
import { createHarness, registerUser, type Harness } from '../test/harness.js';

let h: Harness;
let admin: Awaited<ReturnType<typeof registerUser>>;
let tmp: string;
let url: string;
let token: string;
let exe: string;
let zip: string;

beforeAll(async () => {
  h = await createHarness();
  admin = await registerUser(h.app, 'ciadmin');
  await updateUser(h.db, admin.user.id, { role: 'ADMIN' });
  const created = await h.app.inject({
    method: 'POST',
    url: '/api/v1/admin/api-tokens',
    headers: admin.headers,
    payload: { name: 'ci' },
  });
  token = created.json().token;
  await h.app.listen({ host: '127.0.0.1', port: 0 });
  url = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  tmp = await mkdtemp(path.join(os.tmpdir(), 'flockr-release-cli-'));
  exe = path.join(tmp, 'Flockr-Setup-1.5.0.exe');
  zip = path.join(tmp, 'Flockr-1.5.0-mac.zip');
  await writeFile(exe, randomBytes(1_500_000));
  await writeFile(
    `${exe}.sig`,
    'untrusted comment: signature from minisign secret key\nRWQf6LRC\n',
  );
  await writeFile(zip, randomBytes(700_000));
});
afterAll(async () => {
  await h?.close();
  await rm(tmp, { recursive: true, force: true });
});

/** Runs `npm run release -- ...args` against the test's server with its token. */
const release = (args: string[], env: Record<string, string> = {}) =>
  runCli('release', args, { FLOCKR_URL: url, FLOCKR_API_TOKEN: token, ...env });

const sha256 = async (file: string) =>
  createHash('sha256')
    .update(await import('node:fs/promises').then((fs) => fs.readFile(file)))
    .digest('hex');

async function listed(version: string) {
  const res = await h.app.inject({
    method: 'GET',
    url: '/api/v1/admin/releases',
    headers: admin.headers,
  });
  return adminReleasesResponseSchema.parse(res.json()).releases.find((r) => r.version === version);
}

const publishArgs = () => [
  'publish',
  '--version',
  '1.5.0',
  '--channel',
  'beta',
  '--rollout',
  '50',
  '--file',
  `windows:x64:installer:${exe}`,
  '--file',
  `macos:universal:zip:${zip}`,
  '--signature',
  `${exe}.sig`,
];

describe('npm run release', () => {
  it('publishes a release with two files over HTTP and prints what it did', async () => {
    const run = await release(publishArgs());
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('created draft 1.5.0 (beta, rollout 50%)');
    expect(run.stdout).toContain(
      `uploaded windows x64 installer Flockr-Setup-1.5.0.exe (1.4 MB, sha256 ${await sha256(exe)})`,
    );
    expect(run.stdout).toContain(`uploaded macos universal zip Flockr-1.5.0-mac.zip`);
    expect(run.stdout).toContain('published 1.5.0 on beta to 50% of users, 2 file(s)');
    expect(run.stdout).not.toContain(token);

    const r = (await listed('1.5.0'))!;
    expect(r).toMatchObject({ channel: 'beta', rollout_percentage: 50, is_active: true });
    expect(r.artifacts.map((a) => [a.filename, a.platform, a.arch, a.kind, a.sha256])).toEqual([
      ['Flockr-Setup-1.5.0.exe', 'windows', 'x64', 'installer', await sha256(exe)],
      ['Flockr-1.5.0-mac.zip', 'macos', 'universal', 'zip', await sha256(zip)],
    ]);
    const [signed] = await h.db
      .select()
      .from(artifacts)
      .where(eq(artifacts.id, r.artifacts[0]!.id));
    expect(signed!.signature).toBe(
      'untrusted comment: signature from minisign secret key\nRWQf6LRC',
    );
    // Acting as the admin who made the token.
    const audits = await h.db.select().from(auditLog).where(eq(auditLog.entityId, r.id));
    expect(audits.map((a) => a.action).sort()).toEqual([
      'release.create',
      'release.file',
      'release.file',
      'release.publish',
    ]);
    expect(audits.every((a) => a.actorId === admin.user.id)).toBe(true);
  }, 60_000);

  it('runs again without uploading twice, and refuses a file whose content changed', async () => {
    const again = await release(publishArgs());
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('found release 1.5.0 (published, beta)');
    expect(again.stdout.match(/already there/g)).toHaveLength(2);
    expect((await listed('1.5.0'))!.artifacts).toHaveLength(2);

    const changed = path.join(tmp, 'changed');
    await import('node:fs/promises').then((fs) => fs.mkdir(changed));
    const other = path.join(changed, 'Flockr-1.5.0-mac.zip');
    await writeFile(other, randomBytes(1000));
    const refused = await release([
      'publish',
      '--version',
      '1.5.0',
      '--file',
      `macos:universal:zip:${other}`,
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('already has Flockr-1.5.0-mac.zip with other content');
  }, 60_000);

  it('leaves a draft with --draft, then rolls out, yanks, restores and lists', async () => {
    const draft = await release([
      'publish',
      '--version',
      '1.6.0',
      '--draft',
      '--file',
      `windows:x64:zip:${zip}`,
    ]);
    expect(draft.code, draft.stderr).toBe(0);
    expect(draft.stdout).toContain('left 1.6.0 as a draft with 1 file(s)');
    expect((await listed('1.6.0'))!.is_active).toBe(false);

    const rollout = await release(['rollout', '--version', '1.5.0', '--percent', '100']);
    expect(rollout.stdout).toContain('1.5.0 is offered to 100% of beta users');
    const yank = await release(['yank', '--version', '1.5.0', '--reason', 'Crashes on start']);
    expect(yank.code).toBe(0);
    expect(yank.stdout).toContain('yanked 1.5.0: Crashes on start');
    expect((await listed('1.5.0'))!.yank_reason).toBe('Crashes on start');
    const list = await release(['list']);
    expect(list.stdout).toMatch(/1\.6\.0\s+stable\s+draft\s+100%\s+windows\/x64\/zip/);
    expect(list.stdout).toMatch(/1\.5\.0\s+beta\s+yanked\s+100%/);
    const unyank = await release(['unyank', '--version', '1.5.0']);
    expect(unyank.stdout).toContain('restored 1.5.0 (published)');
    const missing = await release(['yank', '--version', '9.9.9']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('there is no release 9.9.9');
  }, 60_000);

  it("prints the server's refusal and exits 1; usage errors exit 2", async () => {
    const badToken = await release(['list'], { FLOCKR_API_TOKEN: `flk_${'x'.repeat(43)}` });
    expect(badToken.code).toBe(1);
    expect(badToken.stderr).toContain(
      'error: Your session has expired. Please sign in again (SESSION_EXPIRED, HTTP 401)',
    );
    const taken = await release([
      'publish',
      '--version',
      'one',
      '--file',
      `windows:x64:zip:${zip}`,
    ]);
    expect(taken.code).toBe(2);
    expect(taken.stderr).toContain('Version must be a semantic version');
    const platform = await release([
      'publish',
      '--version',
      '2.0.0',
      '--file',
      `beos:x64:zip:${zip}`,
    ]);
    expect(platform.code).toBe(2);
    expect(platform.stderr).toContain('platform "beos" is not one of windows, macos, linux');
    const noEnv = await release(['list'], { FLOCKR_URL: '' });
    expect(noEnv.code).toBe(2);
    expect(noEnv.stderr).toContain('FLOCKR_URL is not set');
    const unreachable = await release(['list'], { FLOCKR_URL: 'http://127.0.0.1:9' });
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toContain('cannot reach http://127.0.0.1:9/api/v1');
    const help = await release(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--file PLATFORM:ARCH:KIND:PATH');
  }, 60_000);
});
