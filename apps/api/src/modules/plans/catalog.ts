/**
 * The public plan catalogue (`GET /subscriptions/plans`) kept in memory (lib/memory-answers.ts).
 * It changes only when an admin creates or edits a plan; that service clears this instance's copy
 * after its transaction commits and publishes the `plans` topic, which clears every other
 * instance's copy (db/changes.ts).
 */
import type { PlansResponse } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import { MemoryAnswers, type MemoryAnswer } from '../../lib/memory-answers.js';

/** The topic plan changes publish. */
export const PLANS_TOPIC = 'plans';

/** A catalogue answer ready to send: the JSON text and its strong ETag. */
export type CatalogAnswer = MemoryAnswer;

/** One instance's copy of the catalogue. */
export class PlanCatalog {
  private readonly answers = new MemoryAnswers();

  constructor(private readonly load: () => Promise<PlansResponse>) {}

  /** The current answer, loading it once when there is none. */
  get(): Promise<CatalogAnswer> {
    return this.answers.get('', this.load);
  }

  /** Forgets the copy (a plan changed, or notices may have been missed). */
  clear(): void {
    this.answers.clear();
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
