/**
 * The embedded database's folder lock and PGlite's durability, with real processes: children
 * run this package's TypeScript through tsx (`node --import tsx`), open the folder, write, and
 * are killed with SIGKILL; the test process then opens the same folder at once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { DataDirInUseError, LEGACY_LOCK_STALE_MS, lockDataDir } from './data-dir-lock.js';
import { users } from './schema.js';

const here = import.meta.dirname;
const apiRoot = path.resolve(here, '../..');
const contractSource = path.resolve(apiRoot, '../../packages/contract/src/index.ts');
const url = (file: string) => JSON.stringify(pathToFileURL(path.join(here, file)).href);

const inUse = (dir: string) =>
  `The embedded database at ${dir} is in use by another process. Stop it first, or set DATABASE_URL to use PostgreSQL.`;

/**
 * Opens the database, commits three single-row inserts and a two-row transaction, prints
 * "ready", then keeps inserting (one row every few ms) until killed. Each row's username is
 * printed as "committed NAME" only after its insert has returned.
 */
const HOLDER = `
const { openDatabase } = await import(${url('client.ts')});
const { users } = await import(${url('schema.ts')});
const dataDir = process.env.LOCK_TEST_DATA_DIR;
const tag = process.env.LOCK_TEST_TAG;
const database = await openDatabase({ kind: 'pglite', dataDir });
const row = (name) => ({ username: name, email: name + '@example.test', passwordHash: 'x' });
const committed = (...names) => process.stdout.write(names.map((n) => 'committed ' + n + '\\n').join(''));
for (let i = 0; i < 3; i++) {
  await database.db.insert(users).values(row(tag + '-' + i));
  committed(tag + '-' + i);
}
await database.db.transaction(async (tx) => {
  await tx.insert(users).values(row(tag + '-tx-a'));
  await tx.insert(users).values(row(tag + '-tx-b'));
});
committed(tag + '-tx-a', tag + '-tx-b');
process.stdout.write('ready\\n');
for (let i = 3; ; i++) {
  await database.db.insert(users).values(row(tag + '-' + i));
  committed(tag + '-' + i);
  await new Promise((resolve) => setTimeout(resolve, 3));
}
`;

/** Takes the folder lock only; prints "won" and holds it, or prints "refused: MESSAGE" and exits. */
const LOCKER = `
const { lockDataDir } = await import(${url('data-dir-lock.ts')});
try {
  lockDataDir(process.env.LOCK_TEST_DATA_DIR);
  process.stdout.write('won\\nready\\n');
  setTimeout(() => {}, 60_000);
} catch (error) {
  process.stdout.write('refused: ' + error.message + '\\n');
}
`;

let tmp: string;
let tsconfig: string;
const children = new Set<ChildProcess>();

interface Child {
  process: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<void>;
}

/** Starts `node --import tsx -e code` in apps/api, collecting its output. */
function start(code: string, env: Record<string, string>): Child {
  // The contract's package export points at its built dist/; tsx's tsconfig `paths` lets the
  // child read its TypeScript source instead, like the tests do, so no build is needed.
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: apiRoot,
    env: { ...process.env, TSX_TSCONFIG_PATH: tsconfig, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<void>((resolve) =>
    child.on('exit', () => {
      children.delete(child);
      resolve();
    }),
  );
  return { process: child, stdout: () => out, stderr: () => err, exited };
}

/** Waits until the child's output contains `text`; fails with its output if it exits first. */
async function waitFor(child: Child, text: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!child.stdout().includes(text)) {
    if (child.process.exitCode !== null || child.process.signalCode !== null) {
      throw new Error(`child exited before "${text}":\n${child.stdout()}\n${child.stderr()}`);
    }
    if (Date.now() > deadline) {
      throw new Error(`no "${text}" within ${timeoutMs} ms:\n${child.stdout()}\n${child.stderr()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** SIGKILLs the child and waits until it is gone (what a supervisor sees before restarting). */
async function kill9(child: Child): Promise<void> {
  child.process.kill('SIGKILL');
  await child.exited;
}

/** Usernames the child reported as committed (complete lines only). */
const committedNames = (child: Child) =>
  child
    .stdout()
    .split('\n')
    .filter((line) => line.startsWith('committed '))
    .map((line) => line.slice('committed '.length));

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'flockr-lock-test-'));
  tsconfig = path.join(tmp, 'tsconfig.json');
  writeFileSync(
    tsconfig,
    JSON.stringify({ compilerOptions: { paths: { '@flockr/contract': [contractSource] } } }),
  );
});

afterEach(async () => {
  for (const child of children) child.kill('SIGKILL');
  await new Promise((resolve) => setTimeout(resolve, 50));
});

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

const freshDir = (name: string) => {
  const dir = path.join(tmp, name, 'pglite');
  mkdirSync(path.dirname(dir), { recursive: true });
  return dir;
};

// Real processes start through tsx: 10-20 s each on a busy 2-core machine.
describe('embedded database folder lock (real processes)', { timeout: 90_000 }, () => {
  it('reopens at the first try after each of 5 kill -9 restarts, with every committed row', async () => {
    const dataDir = freshDir('restarts');
    const allCommitted: string[] = [];
    for (let round = 1; round <= 5; round++) {
      const child = start(HOLDER, { LOCK_TEST_DATA_DIR: dataDir, LOCK_TEST_TAG: `r${round}` });
      await waitFor(child, 'ready');
      await waitFor(child, `committed r${round}-5\n`); // killed while it is still writing
      await kill9(child);
      const committed = committedNames(child);
      expect(committed.length).toBeGreaterThanOrEqual(8);
      allCommitted.push(...committed);

      const database = await openDatabase({ kind: 'pglite', dataDir }); // no retry
      try {
        const rows = await database.db.select({ username: users.username }).from(users);
        const present = new Set(rows.map((r) => r.username));
        expect(allCommitted.filter((name) => !present.has(name))).toEqual([]);
      } finally {
        await database.close();
      }
    }
  }, 180_000);

  it('refuses a second process while the first is alive, with the clear message', async () => {
    const dataDir = freshDir('live');
    const child = start(HOLDER, { LOCK_TEST_DATA_DIR: dataDir, LOCK_TEST_TAG: 'live' });
    await waitFor(child, 'ready');

    const error = await openDatabase({ kind: 'pglite', dataDir }).then(
      () => new Error('opened while another process holds the folder'),
      (e: unknown) => e as Error,
    );
    expect(error).toBeInstanceOf(DataDirInUseError);
    expect(error.message).toBe(inUse(dataDir));
    // The owner is still alive and writing: the refusal did not disturb it.
    const before = committedNames(child).length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(committedNames(child).length).toBeGreaterThan(before);
    expect(child.process.exitCode).toBeNull();

    await kill9(child);
    const database = await openDatabase({ kind: 'pglite', dataDir });
    await database.close();
  }, 90_000);

  it('lets exactly one of several processes starting at once after a crash win', async () => {
    const dataDir = freshDir('race');
    const crashed = start(LOCKER, { LOCK_TEST_DATA_DIR: dataDir });
    await waitFor(crashed, 'won');
    await kill9(crashed);

    const racers = Array.from({ length: 4 }, () => start(LOCKER, { LOCK_TEST_DATA_DIR: dataDir }));
    await Promise.all(
      racers.map(async (racer) => {
        const deadline = Date.now() + 20_000;
        while (!/won|refused/.test(racer.stdout()) && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }),
    );
    const outcomes = racers.map((racer) => racer.stdout().split('\n')[0]);
    const stderr = racers.map((racer) => racer.stderr()).join('\n');
    expect(
      outcomes.filter((o) => o === 'won'),
      stderr,
    ).toHaveLength(1);
    expect(outcomes.filter((o) => o === `refused: ${inUse(dataDir)}`)).toHaveLength(3);
  });
});

// What a lock file says is only a note for people: the kernel's lock decides, so a file left by
// a dead owner, or naming a pid that now belongs to some other live process, is no obstacle.
describe('lockDataDir', () => {
  it('takes over a lock file naming a pid that does not exist', () => {
    // Above Linux's largest possible pid (2^22), so no process has it.
    const dataDir = freshDir('dead-pid');
    writeFileSync(`${dataDir}.lock`, JSON.stringify({ pid: 2 ** 22 + 12345, host: os.hostname() }));
    const lock = lockDataDir(dataDir);
    expect(JSON.parse(readFileSync(lock.path, 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
    expect(readFileSync(lock.path, 'utf8')).toBe('');
  });

  it('takes over a lock file naming a live but unrelated process', () => {
    const dataDir = freshDir('live-pid');
    writeFileSync(`${dataDir}.lock`, JSON.stringify({ pid: process.ppid, host: os.hostname() }));
    const lock = lockDataDir(dataDir);
    lock.release();
  });

  it('refuses a second lock in the same process until the first is released', () => {
    const dataDir = freshDir('same-process');
    const first = lockDataDir(dataDir);
    expect(() => lockDataDir(dataDir)).toThrow(inUse(dataDir));
    first.release();
    first.release(); // a second release does nothing
    lockDataDir(dataDir).release();
  });

  it("replaces an earlier version's lock directory left by a crash, and respects a live one", () => {
    const dataDir = freshDir('legacy');
    const lockPath = `${dataDir}.lock`;
    mkdirSync(lockPath);
    expect(() => lockDataDir(dataDir)).toThrow(new DataDirInUseError(dataDir));

    const old = (Date.now() - LEGACY_LOCK_STALE_MS - 5_000) / 1000;
    utimesSync(lockPath, old, old);
    const lock = lockDataDir(dataDir);
    expect(statSync(lockPath).isFile()).toBe(true);
    lock.release();
    expect(existsSync(lockPath)).toBe(true); // never deleted, only emptied
  });
});
