/**
 * Password hashing (README "Passwords"; docs/decisions/011-password-hashing.md).
 *
 * New hashes are argon2id at OWASP's Password Storage Cheat Sheet parameters (m = 19 MiB, t = 2,
 * p = 1), as PHC strings (`$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`), computed by
 * `@node-rs/argon2` in worker threads (a Piscina pool, lib/password-worker.ts) that run at the
 * lowest scheduling priority, so the event loop is never the one waiting. Hashes made by earlier versions
 * (`scrypt$<N>$<r>$<p>$<salt base64>$<key base64>`, RFC 7914) still verify, and `verify` says
 * when a stored hash should be replaced (older scheme or other parameters) so the caller can
 * upgrade it at the next successful sign-in.
 *
 * Hashing is the most expensive thing the server does, so it is bounded: at most `concurrency`
 * hashes run at once (one thread each), at most `queueLimit` wait; past that the caller gets 503
 * SERVER_BUSY with `Retry-After` instead of an ever longer wait (a credential-stuffing flood
 * cannot starve the event loop, nor queue without end). Of the waiting hashes, one per thread is
 * already handed to its thread ({@link STAGED_PER_THREAD}), so a thread that finishes a hash starts
 * the next one at once instead of waiting for a busy event loop to send it.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import PQueue from 'p-queue';
import { Piscina } from 'piscina';
import type { HashJob } from './password-worker.js';
import { HttpError } from './http-error.js';

const scrypt = promisify(scryptCb) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: ScryptOptions,
) => Promise<Buffer>;

/** Cost parameters and bounds of the hasher (config PASSWORD_HASH_*). */
export interface PasswordHashOptions {
  /** argon2id memory in KiB (OWASP: 19456 = 19 MiB). */
  memoryKiB: number;
  /** argon2id passes (OWASP: 2). */
  timeCost: number;
  /** Hashes computed at once; the rest wait in line. */
  concurrency: number;
  /** Hashes allowed to wait; one more is refused with 503. */
  queueLimit: number;
}

/** OWASP's argon2id minimum (Password Storage Cheat Sheet). */
export const OWASP_ARGON2ID = { memoryKiB: 19_456, timeCost: 2 } as const;

/**
 * Hashes computed at once by default (PASSWORD_HASH_CONCURRENCY): one per core but one, and at
 * least one. The core left over is for the event loop and, on a small host, the database: during
 * a login flood on two cores this keeps everyone else's latency within twice its idle value for
 * 14% fewer sign-ins per second than hashing on both (docs/decisions/011-password-hashing.md,
 * docs/benchmarks.md "Login flood").
 */
export const DEFAULT_HASH_CONCURRENCY = Math.max(1, availableParallelism() - 1);

/** The worker module: the compiled `.js` beside this file, or the `.ts` source under tests. */
const WORKER = new URL(
  fileURLToPath(import.meta.url).endsWith('.ts') ? './password-worker.ts' : './password-worker.js',
  import.meta.url,
).href;

/**
 * Jobs handed to one hashing thread at once: the one it computes and the next one, waiting in
 * its message port. Without the second, a thread that finished a hash sat idle until the event
 * loop, busy with the sign-ins of a flood, got round to sending the next job: a tenth to a fifth
 * of the thread's time during a flood (docs/decisions/011-password-hashing.md, amendment of
 * 2026-12-01). Still only one hash per thread computes, so memory stays at one hash's per thread.
 */
export const STAGED_PER_THREAD = 2;

/** Piscina's `loadBalancer` option (its package exports the options, not the type by name). */
type LoadBalancer = NonNullable<
  NonNullable<ConstructorParameters<typeof Piscina>[0]>['loadBalancer']
>;

/**
 * Piscina's balancer (its `loadBalancer` option, docs "Custom Load Balancers"): an idle thread
 * first; while the pool may still start a thread, none (Piscina then starts one for the job);
 * only when every thread runs, the least busy one that holds fewer than
 * {@link STAGED_PER_THREAD} jobs. Piscina's own least-busy balancer would stage the second job
 * on the one running thread instead of starting a second thread beside it.
 */
export function stagingBalancer(maxThreads: number): LoadBalancer {
  return (_task, workers) => {
    let least: (typeof workers)[number] | null = null;
    for (const worker of workers) {
      if (worker.currentUsage === 0) return worker;
      if (!least || worker.currentUsage < least.currentUsage) least = worker;
    }
    if (workers.length < maxThreads || !least) return null;
    return least.currentUsage < STAGED_PER_THREAD ? least : null;
  };
}

/** Milliseconds an idle hashing thread is kept before it exits. */
const IDLE_THREAD_MS = 60_000;

/** Seconds a refused caller is told to wait (`Retry-After`). */
export const BUSY_RETRY_AFTER_SECONDS = 1;

/** What `verify` found: whether the password matches, and whether to store a fresh hash. */
export interface PasswordCheck {
  ok: boolean;
  /** True when the stored hash uses an older scheme or other parameters than today's. */
  needsRehash: boolean;
}

/** Checks a legacy scrypt hash (`scrypt$N$r$p$salt$key`) in constant time; false when malformed. */
async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [, nText, rText, pText, saltText, keyText] = stored.split('$');
  if (!nText || !rText || !pText || !saltText || !keyText) return false;
  const n = Number(nText);
  const r = Number(rText);
  const expected = Buffer.from(keyText, 'base64');
  const actual = await scrypt(
    password.normalize('NFKC'),
    Buffer.from(saltText, 'base64'),
    expected.length,
    { N: n, r, p: Number(pText), maxmem: 128 * n * r + 16 * 1024 * 1024 },
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Hashes and checks passwords within the bounds of {@link PasswordHashOptions}. */
export class PasswordHasher {
  private readonly queue: PQueue;
  private readonly threads: Piscina<HashJob, string | boolean>;
  private readonly params: string;
  private dummy: Promise<string> | undefined;

  constructor(private readonly options: PasswordHashOptions) {
    this.queue = new PQueue({ concurrency: options.concurrency * STAGED_PER_THREAD });
    this.threads = new Piscina({
      filename: WORKER,
      minThreads: 0,
      maxThreads: options.concurrency,
      concurrentTasksPerWorker: STAGED_PER_THREAD,
      loadBalancer: stagingBalancer(options.concurrency),
      idleTimeout: IDLE_THREAD_MS,
    });
    this.params = `m=${options.memoryKiB},t=${options.timeCost},p=1`;
  }

  /** Runs `work` in line; rejects with 503 SERVER_BUSY (Retry-After) when the line is full. */
  private run<T>(work: () => Promise<T>): Promise<T> {
    const { running, waiting } = this.load;
    if (running >= this.options.concurrency && waiting >= this.options.queueLimit) {
      return Promise.reject(
        new HttpError(503, 'serverBusy', {
          headers: { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) },
        }),
      );
    }
    return this.queue.add(work);
  }

  /** A new argon2id PHC string for `password` (NFKC-normalised). @throws 503 SERVER_BUSY. */
  hash(password: string): Promise<string> {
    return this.run(
      async () =>
        (await this.threads.run({
          kind: 'hash',
          password: password.normalize('NFKC'),
          memoryCost: this.options.memoryKiB,
          timeCost: this.options.timeCost,
        })) as string,
    );
  }

  /**
   * Checks `password` against a stored hash of either scheme. A malformed hash never matches
   * (no throw). @throws 503 SERVER_BUSY.
   */
  verify(password: string, stored: string): Promise<PasswordCheck> {
    return this.run(async () => {
      if (stored.startsWith('scrypt$')) {
        return { ok: await verifyScrypt(password, stored), needsRehash: true };
      }
      if (!stored.startsWith('$argon2id$')) return { ok: false, needsRehash: true };
      const ok = (await this.threads.run({
        kind: 'verify',
        stored,
        password: password.normalize('NFKC'),
      })) as boolean;
      return { ok, needsRehash: !stored.includes(`$${this.params}$`) };
    });
  }

  /**
   * Checks `password` against a hash of a random password: used when a sign-in names an unknown
   * e-mail, so the answer costs the same work as for a known one (no timing oracle). Always
   * false. @throws 503 SERVER_BUSY.
   */
  async verifyDummy(password: string): Promise<false> {
    this.dummy ??= this.hash(randomBytes(16).toString('hex')).catch((error: unknown) => {
      this.dummy = undefined;
      throw error;
    });
    await this.verify(password, await this.dummy);
    return false;
  }

  /** Stops the hashing threads (the app's `onClose`); waiting hashes fail. */
  async close(): Promise<void> {
    this.queue.clear();
    await this.threads.close({ force: true });
  }

  /**
   * Hashes running now (at most `concurrency`) and waiting (in line, or handed to a busy thread
   * as its next job) (metrics, tests).
   */
  get load(): { running: number; waiting: number } {
    const running = Math.min(this.queue.pending, this.options.concurrency);
    return { running, waiting: this.queue.pending - running + this.queue.size };
  }

  /** Hashing threads alive now (0 to `concurrency`; idle ones exit after a minute) (metrics). */
  get threadCount(): number {
    return this.threads.threads.length;
  }
}
