/**
 * The public plan catalogue (`GET /subscriptions/plans`) kept in memory as the exact bytes sent,
 * with a strong ETag (docs/architecture.md "Caches"). It changes only when an admin creates or
 * edits a plan; that service clears this instance's copy after its transaction commits and
 * publishes the `plans` topic, which clears every other instance's copy (db/changes.ts).
 *
 * The copy is kept as a promise from the moment a load starts, and clearing drops that promise:
 * a load that was running when a plan changed still answers the callers that were waiting for
 * it, but is never handed to anyone who asks after the change.
 */
import { createHash } from 'node:crypto';
import type { PlansResponse } from '@flockr/contract';
import type { AppContext } from '../../context.js';

/** The topic plan changes publish. */
export const PLANS_TOPIC = 'plans';

/** A catalogue answer ready to send: the JSON text and its strong ETag (RFC 9110 §8.8.3). */
export interface CatalogAnswer {
  body: string;
  etag: string;
}

/** One instance's copy of the catalogue. */
export class PlanCatalog {
  private cached: Promise<CatalogAnswer> | undefined;

  constructor(private readonly load: () => Promise<PlansResponse>) {}

  /** The current answer, loading it once when there is none. */
  get(): Promise<CatalogAnswer> {
    if (this.cached) return this.cached;
    const loading = this.load().then((value) => {
      const body = JSON.stringify(value);
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      return { body, etag };
    });
    this.cached = loading;
    // A failed load is not kept: the next caller tries again.
    loading.catch(() => {
      if (this.cached === loading) this.cached = undefined;
    });
    return loading;
  }

  /** Forgets the copy (a plan changed, or notices may have been missed). */
  clear(): void {
    this.cached = undefined;
  }
}

const catalogs = new WeakMap<AppContext, PlanCatalog>();

/**
 * The catalogue of app `ctx`, made on first use with `load` and subscribed to the change feed.
 */
export function catalogOf(ctx: AppContext, load: () => Promise<PlansResponse>): PlanCatalog {
  let catalog = catalogs.get(ctx);
  if (!catalog) {
    const created = new PlanCatalog(load);
    ctx.changes.subscribe((topic) => {
      if (topic === null || topic === PLANS_TOPIC) created.clear();
    });
    catalogs.set(ctx, created);
    catalog = created;
  }
  return catalog;
}
