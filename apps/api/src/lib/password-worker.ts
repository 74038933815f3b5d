/**
 * The worker thread that computes argon2id for lib/password.ts (docs/decisions/011-password-hashing.md),
 * run by a Piscina pool. On Linux it first lowers its own thread's scheduling priority to nice 10
 * (setpriority(2) on the thread id applies to that thread only), so the kernel runs the event
 * loop, and everyone else's requests, ahead of any hash: a login flood mostly uses the CPU
 * nobody else wants. Elsewhere the priority stays as it is.
 *
 * Erasable TypeScript only and no imports of our own: tests load it as `.ts` (Node's type
 * stripping), the server as the compiled `.js`.
 */
import { readlinkSync } from 'node:fs';
import os from 'node:os';
import { hashSync, verifySync } from '@node-rs/argon2';

/**
 * The nice value of hashing threads: a tenth of a normal thread's CPU share when they compete,
 * but not 19, which would starve sign-ins on a host that is busy with something else.
 */
const HASHING_NICE = 10;

try {
  // "/proc/thread-self" → "<pid>/task/<tid>".
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(tid) && tid > 0) os.setPriority(tid, HASHING_NICE);
} catch {
  // Not Linux, or not allowed: hash at the normal priority.
}

/** A job: hash `password` at the given cost, or verify it against a PHC string. */
export type HashJob =
  | { kind: 'hash'; password: string; memoryCost: number; timeCost: number }
  | { kind: 'verify'; password: string; stored: string };

/** `Algorithm.Argon2id` of @node-rs/argon2 (a const enum, which isolated modules cannot read). */
const ARGON2ID = 2;

/** Runs `job`: the PHC string of a new hash, or whether the password matches (false if malformed). */
export default function run(job: HashJob): string | boolean {
  if (job.kind === 'hash') {
    return hashSync(job.password, {
      algorithm: ARGON2ID,
      memoryCost: job.memoryCost,
      timeCost: job.timeCost,
      parallelism: 1,
    });
  }
  try {
    return verifySync(job.stored, job.password);
  } catch {
    return false;
  }
}
