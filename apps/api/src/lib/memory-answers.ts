/**
 * Public answers kept in memory as the exact bytes sent, with a strong ETag (docs/architecture.md
 * "Caches"): the plan catalogue and the changelog pages. A service that changes their data clears
 * this instance's copy after its transaction commits and publishes the topic, which clears every
 * other instance's copy (db/changes.ts).
 *
 * A copy is kept as a promise from the moment its load starts, and clearing drops that promise: a
 * load that was running when the data changed still answers the callers that were waiting for it,
 * but is never handed to anyone who asks after the change. A failed load is not kept.
 */
import { strongEtag } from './etag.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';

/** An answer ready to send: the JSON text and its strong ETag (RFC 9110 §8.8.3). */
export interface MemoryAnswer {
  body: string;
  etag: string;
}

/** Limits of one cache: how long a copy may serve (ms), and how many keys it keeps. */
export interface MemoryAnswerLimits {
  /** A copy older than this is loaded again (for figures that change without a topic). */
  maxAgeMs?: number;
  /** Keys kept at most; past this an answer is loaded and sent without being kept. */
  maxKeys?: number;
}

/** A kept copy: its loading and when it started (app clock, ms). */
interface Copy {
  answer: Promise<MemoryAnswer>;
  at: number;
}

/** One instance's copies of one kind of answer, by key (e.g. the page asked for). */
export class MemoryAnswers {
  private readonly copies = new Map<string, Copy>();

  constructor(
    private readonly limits: MemoryAnswerLimits = {},
    private readonly now: () => number = Date.now,
  ) {}

  /** The answer for `key`, loading it with `load` when there is no fresh copy. */
  get(key: string, load: () => Promise<unknown>): Promise<MemoryAnswer> {
    const copy = this.copies.get(key);
    const maxAge = this.limits.maxAgeMs ?? Number.POSITIVE_INFINITY;
    if (copy && this.now() - copy.at < maxAge) return copy.answer;
    const answer = load().then((value) => {
      const body = JSON.stringify(value);
      return { body, etag: strongEtag(body) };
    });
    if (copy || this.copies.size < (this.limits.maxKeys ?? Number.POSITIVE_INFINITY)) {
      const kept: Copy = { answer, at: this.now() };
      this.copies.set(key, kept);
      answer.catch(() => {
        if (this.copies.get(key) === kept) this.copies.delete(key);
      });
    }
    return answer;
  }

  /** Forgets every copy (the data changed, or notices may have been missed). */
  clear(): void {
    this.copies.clear();
  }
}

const perApp = new WeakMap<AppContext, Map<string, MemoryAnswers>>();

/**
 * The answers of app `ctx` kept for `topic`, made on first use with `limits` (their age measured
 * on the app's clock) and cleared whenever the change feed carries `topic` or breaks.
 */
export function memoryAnswersFor(
  ctx: AppContext,
  topic: string,
  limits: MemoryAnswerLimits = {},
): MemoryAnswers {
  let topics = perApp.get(ctx);
  if (!topics) {
    topics = new Map();
    perApp.set(ctx, topics);
  }
  let answers = topics.get(topic);
  if (!answers) {
    const created = new MemoryAnswers(limits, () => ctx.now().getTime());
    ctx.changes.subscribe((changed) => {
      if (changed === null || changed === topic) created.clear();
    });
    topics.set(topic, created);
    answers = created;
  }
  return answers;
}

/**
 * Runs `change` in one transaction, publishes `topic` inside it (every other instance drops its
 * answers kept for `topic` when the transaction commits, db/changes.ts) and drops this
 * instance's after the commit. Returns what `change` returns; a change that throws rolls back,
 * publishes nothing and leaves the kept answers as they are.
 */
export async function changeAndPublish<T>(
  ctx: AppContext,
  topic: string,
  change: (tx: Executor) => Promise<T>,
): Promise<T> {
  const result = await ctx.db.transaction(async (tx) => {
    const value = await change(tx);
    await ctx.changes.publish(tx, topic);
    return value;
  });
  memoryAnswersFor(ctx, topic).clear();
  return result;
}
