/**
 * The public plan catalogue (`GET /subscriptions/plans`) kept in memory (lib/memory-answers.ts).
 * It changes only when an admin creates or edits a plan; that service clears this instance's copy
 * after its transaction commits and publishes the `plans` topic, which clears every other
 * instance's copy (db/changes.ts).
 */
import type { AppContext } from '../../context.js';
import { memoryAnswersFor, type MemoryAnswers } from '../../lib/memory-answers.js';

/** The topic plan changes publish. */
export const PLANS_TOPIC = 'plans';

/** The catalogue of app `ctx` kept in memory (one key: the catalogue has no parameters). */
export function catalogOf(ctx: AppContext): MemoryAnswers {
  return memoryAnswersFor(ctx, PLANS_TOPIC);
}
