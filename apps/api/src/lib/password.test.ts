/** The password hasher: argon2id at the configured cost, legacy scrypt hashes, and its bounds. */
import { randomBytes, scryptSync } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HttpError } from './http-error.js';
import {
  PasswordHasher,
  STAGED_PER_THREAD,
  stagingBalancer,
  type PasswordHashOptions,
} from './password.js';

const CHEAP: PasswordHashOptions = { memoryKiB: 1024, timeCost: 1, concurrency: 1, queueLimit: 10 };

/** A hash in the format earlier versions stored: `scrypt$N$r$p$salt$key`. */
function legacyScrypt(password: string, n = 2 ** 10): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 32, { N: n, r: 8, p: 1 });
  return ['scrypt', n, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

describe('PasswordHasher', () => {
  it('hashes with argon2id at the configured cost and checks it', async () => {
    const hasher = new PasswordHasher(CHEAP);
    const stored = await hasher.hash('Corr3ct!horse');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await hasher.verify('Corr3ct!horse', stored)).toEqual({ ok: true, needsRehash: false });
    expect(await hasher.verify('Wr0ng!horse', stored)).toEqual({ ok: false, needsRehash: false });
  });

  it('normalises to NFKC, so the same password typed in another Unicode form matches', async () => {
    const hasher = new PasswordHasher(CHEAP);
    const stored = await hasher.hash('Caf\u00e9!Passw0rd');
    expect((await hasher.verify('Cafe\u0301!Passw0rd', stored)).ok).toBe(true);
  });

  it('asks for a new hash when the cost changed or the hash is legacy scrypt', async () => {
    const old = await new PasswordHasher(CHEAP).hash('Corr3ct!horse');
    const stronger = new PasswordHasher({ ...CHEAP, memoryKiB: 2048 });
    expect(await stronger.verify('Corr3ct!horse', old)).toEqual({ ok: true, needsRehash: true });
    const legacy = legacyScrypt('Corr3ct!horse');
    expect(await stronger.verify('Corr3ct!horse', legacy)).toEqual({ ok: true, needsRehash: true });
    expect((await stronger.verify('Wr0ng!horse', legacy)).ok).toBe(false);
  });

  // Linux only (setpriority on a thread id); CI runs on Linux.
  it.runIf(existsSync('/proc/thread-self'))(
    'hashes in threads of this process that run at nice 10, while the event loop stays at 0',
    async () => {
      /** The ids of this process's threads at nice 10 (field 19 of /proc/self/task/<tid>/stat). */
      const niced = () =>
        readdirSync('/proc/self/task').filter((tid) => {
          const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
          return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16] === '10';
        });
      const before = new Set(niced());
      const hasher = new PasswordHasher({ ...CHEAP, concurrency: 2 });
      await Promise.all([hasher.hash('Corr3ct!horse'), hasher.hash('Corr3ct!horse')]);
      // Other test files' hashers may share this process: look for threads that are new.
      expect(niced().filter((tid) => !before.has(tid)).length).toBeGreaterThan(0);
      expect(Number(readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ')[16])).toBe(
        0,
      );
      await hasher.close();
    },
  );

  it('never matches a malformed hash, and does not throw', async () => {
    const hasher = new PasswordHasher(CHEAP);
    for (const stored of ['', 'scrypt$', 'scrypt$x$y$z$$', '$argon2id$nonsense', 'plain']) {
      expect((await hasher.verify('anything', stored)).ok).toBe(false);
    }
    expect(await hasher.verifyDummy('anything')).toBe(false);
  });

  it('runs at most `concurrency` hashes, lets `queueLimit` wait and refuses the next with 503', async () => {
    const hasher = new PasswordHasher({ ...CHEAP, concurrency: 1, queueLimit: 2 });
    const admitted = [hasher.hash('a'), hasher.hash('b'), hasher.hash('c')];
    expect(hasher.load).toEqual({ running: 1, waiting: 2 });
    let refused: unknown;
    try {
      await hasher.hash('d');
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 503, code: 'SERVER_BUSY' });
    expect((refused as HttpError).headers).toEqual({ 'retry-after': '1' });
    await Promise.all(admitted);
    expect(hasher.load).toEqual({ running: 0, waiting: 0 });
    await expect(hasher.hash('e')).resolves.toMatch(/^\$argon2id\$/);
  });

  it('hands a busy thread its next job only when every thread runs, and never more than one', () => {
    /** A thread as Piscina's balancer sees it, holding `currentUsage` jobs. */
    const thread = (currentUsage: number) =>
      ({ currentUsage, isRunningAbortableTask: false }) as unknown as Parameters<
        ReturnType<typeof stagingBalancer>
      >[1][number];
    const task = {} as Parameters<ReturnType<typeof stagingBalancer>>[0];
    const pick = stagingBalancer(2);
    const [idle, busy, busier, full] = [thread(0), thread(1), thread(1), thread(STAGED_PER_THREAD)];
    expect(pick(task, [busy, idle])).toBe(idle);
    // One thread running and room for another: Piscina starts it rather than staging.
    expect(pick(task, [busy])).toBeNull();
    expect(pick(task, [full, busy])).toBe(busy);
    expect(pick(task, [busier, full])).toBe(busier);
    expect(pick(task, [full, full])).toBeNull();
  });

  it('starts a second thread beside a busy one rather than queue on it, and queues on the only one', async () => {
    const one = new PasswordHasher({ ...CHEAP, concurrency: 1 });
    const two = new PasswordHasher({ ...CHEAP, concurrency: 2 });
    await Promise.all([one.hash('warm'), two.hash('warm')]);
    expect([one.threadCount, two.threadCount]).toEqual([1, 1]);
    const hashes = await Promise.all([
      ...['a', 'b', 'c'].map((p) => one.hash(p)),
      ...['a', 'b'].map((p) => two.hash(p)),
    ]);
    for (const stored of hashes) expect(stored).toMatch(/^\$argon2id\$/);
    expect([one.threadCount, two.threadCount]).toEqual([1, 2]);
    expect(one.load).toEqual({ running: 0, waiting: 0 });
    await Promise.all([one.close(), two.close()]);
  });
});
