/**
 * Signed-in callers, and their `GET /auth/me` answers, kept in this instance's memory
 * (docs/architecture.md "Caches"), so that a request with a bearer token whose account did not
 * change costs no statement and no signature check.
 *
 * An entry is keyed by the token itself and is dropped at the first of:
 * - `ACCOUNT_CACHE_MAX_AGE_MS` after it was read from the database;
 * - the token's expiry and the session's expiry;
 * - for the `/auth/me` answer, the subscription's `expires_at` (its status turns EXPIRED then);
 * - a notice `account:<user id>` on the change feed (db/changes.ts). The database sends it itself:
 *   triggers on users, sessions, subscriptions and subscription_periods (migration
 *   0009_account_notices) call `pg_notify` with the row's user id, so every writer (a service, the
 *   admin CLI, a hand-run UPDATE) clears every instance when its transaction commits. The
 *   instance that wrote hears its own notice before its commit returns, so a sign-out, a
 *   suspension or a role change is in force for the very next request;
 * - a plan change (the answers name the plan), or a gap in the feed (`null`): everything.
 *
 * A load that was running when a notice arrived still answers the request that started it, but
 * is not kept (`changedSince`).
 */
import { LRUCache } from 'lru-cache';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import type { MemoryAnswer } from '../../lib/memory-answers.js';
import { strongEtag } from '../../lib/etag.js';
import { PLANS_TOPIC } from '../plans/catalog.js';

/** How long (ms, on the app's clock) an entry may serve without being read again. */
export const ACCOUNT_CACHE_MAX_AGE_MS = 10_000;

/** Entries kept at most per instance (least recently used go first). */
export const ACCOUNT_CACHE_MAX_ENTRIES = 50_000;

/** The change-feed topic of one account: the triggers of 0009_account_notices send exactly this. */
export const accountTopic = (userId: string) => `account:${userId}`;

/** The signed-in caller of a request: the user and the session (token) id. */
export interface Caller {
  user: UserRow;
  sessionId: string;
}

interface Entry {
  caller: Caller;
  /** Until when (ms since the epoch, app clock) the caller may be served from here. */
  until: number;
  /** The `/auth/me` answer and until when it may be served. */
  me?: { answer: Promise<MemoryAnswer>; until: number };
}

/** Notices remembered to decide whether a load that just ended may be kept. */
const NOTICES_KEPT = 1_000;

/** One instance's signed-in callers (see the module comment). */
export class SessionCache {
  /** Tokens cached per user id, so a notice about a user finds its entries. */
  private readonly tokensOf = new Map<string, Set<string>>();
  private readonly entries = new LRUCache<string, Entry>({
    max: ACCOUNT_CACHE_MAX_ENTRIES,
    dispose: (entry, token) => {
      const tokens = this.tokensOf.get(entry.caller.user.id);
      tokens?.delete(token);
      if (tokens?.size === 0) this.tokensOf.delete(entry.caller.user.id);
    },
  });
  /** Counts notices; `notices` holds the latest ones (user id, or null for "everything"). */
  private generation = 0;
  private notices: { generation: number; userId: string | null }[] = [];

  constructor(private readonly now: () => number) {}

  /** The caller of `token`, or undefined when not cached (or no longer fresh). */
  caller(token: string): Caller | undefined {
    const entry = this.fresh(token);
    return entry?.caller;
  }

  /**
   * Reads the caller of `token` with `load` (which checks the token and the session) and keeps it
   * until `until` (ms) or the max age, whichever is first, unless the account changed meanwhile.
   */
  async remember(
    token: string,
    load: () => Promise<{ caller: Caller; until: number }>,
  ): Promise<Caller> {
    const started = this.generation;
    const { caller, until } = await load();
    // One object serves many requests: nobody may change it in place.
    Object.freeze(caller.user);
    Object.freeze(caller);
    const userId = caller.user.id;
    if (!this.changedSince(started, userId)) {
      this.entries.set(token, {
        caller,
        until: Math.min(until, this.now() + ACCOUNT_CACHE_MAX_AGE_MS),
      });
      let tokens = this.tokensOf.get(userId);
      if (!tokens) this.tokensOf.set(userId, (tokens = new Set()));
      tokens.add(token);
    }
    return caller;
  }

  /**
   * The `/auth/me` answer for `token`, loaded with `load` when there is no fresh copy; `load`
   * returns the body and until when (ms) it stays true. Kept only while the caller is, and from
   * the moment the load starts (a notice meanwhile drops it with the caller).
   */
  me(token: string, load: () => Promise<{ body: unknown; until: number }>): Promise<MemoryAnswer> {
    const entry = this.fresh(token);
    if (entry?.me && this.now() < entry.me.until) return entry.me.answer;
    const loaded = load().then(({ body, until }) => {
      const text = JSON.stringify(body);
      return { answer: { body: text, etag: strongEtag(text) }, until };
    });
    const answer = loaded.then((l) => l.answer);
    if (entry) {
      const kept: NonNullable<Entry['me']> = { answer, until: entry.until };
      entry.me = kept;
      loaded.then(
        ({ until }) => {
          kept.until = Math.min(until, entry.until);
        },
        () => {
          if (entry.me === kept) delete entry.me;
        },
      );
    }
    return answer;
  }

  /** Forgets every entry of user `userId`. */
  forgetUser(userId: string): void {
    this.notice(userId);
    for (const token of [...(this.tokensOf.get(userId) ?? [])]) this.entries.delete(token);
  }

  /** Forgets every `/auth/me` answer (a plan was renamed), keeping the callers. */
  forgetAnswers(): void {
    this.notice(null);
    for (const entry of this.entries.values()) delete entry.me;
  }

  /** Forgets everything. */
  clear(): void {
    this.notice(null);
    this.entries.clear();
  }

  /** Records a notice about `userId` (null: about everyone). */
  private notice(userId: string | null): void {
    this.generation += 1;
    this.notices.push({ generation: this.generation, userId });
    if (this.notices.length > 2 * NOTICES_KEPT) this.notices = this.notices.slice(-NOTICES_KEPT);
  }

  /** True when a notice about `userId` (or everyone) came after generation `started`. */
  private changedSince(started: number, userId: string): boolean {
    for (let i = this.notices.length - 1; i >= 0; i -= 1) {
      const notice = this.notices[i]!;
      if (notice.generation <= started) return false;
      if (notice.userId === null || notice.userId === userId) return true;
    }
    // The notices since `started` were trimmed away: assume the worst.
    return started !== this.generation;
  }

  /** The entry of `token` while it may serve; drops it once it may not. */
  private fresh(token: string): Entry | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (this.now() < entry.until) return entry;
    this.entries.delete(token);
    return undefined;
  }
}

const perApp = new WeakMap<AppContext, SessionCache>();

/** The session cache of app `ctx`, made on first use and cleared from its change feed. */
export function sessionCacheOf(ctx: AppContext): SessionCache {
  let cache = perApp.get(ctx);
  if (!cache) {
    const created = new SessionCache(() => ctx.now().getTime());
    ctx.changes.subscribe((topic) => {
      if (topic === null) created.clear();
      else if (topic.startsWith('account:')) created.forgetUser(topic.slice('account:'.length));
      else if (topic === PLANS_TOPIC) created.forgetAnswers();
    });
    perApp.set(ctx, (cache = created));
  }
  return cache;
}
