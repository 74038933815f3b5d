/**
 * Keeps the shape of Node's `process.nextTick` queue entries alive for the life of the process, so
 * every request keeps V8's fast path for them (docs/decisions/014-pinned-tick-shape.md).
 *
 * Node builds each entry as an object literal whose first keys are computed (its async id
 * symbols). V8 stores such keys inline only while each store has seen a single map; a second map
 * makes the store megamorphic for good, and every entry is then built by a runtime call. Which
 * process falls off is a matter of garbage-collection timing (most often during a long import, as
 * of the embedded database's WebAssembly glue), and one that does spends a quarter more CPU on
 * every request, whatever the request does (measured in the decision record).
 *
 * Holding one real entry makes its map, and the maps it was built from, live as long as the
 * process, so the weakly cached map the literal starts from is never replaced. The entry is caught
 * with an async hook enabled around one `nextTick` call and disabled at once.
 *
 * Measured on Node 24.21.0 (2026-12-03, decision 014 "On Node 24"): pinned processes answered
 * `/health` at a median 1.21× the requests per second of unpinned ones (six pairs of processes).
 * Measure again on every Node upgrade (the A/B in decision 014); delete this file and its call in
 * server.ts once a Node version shows no gain, or when Node stops building the entry with computed
 * keys (Node's lib/internal/process/task_queues.js, `nextTick`).
 */
import { createHook } from 'node:async_hooks';

let pinned: object | undefined;

/**
 * Pins one `nextTick` queue entry (Node's `TickObject`) for the rest of the process; call it first
 * thing at start, before large imports. Idempotent. Returns the pinned entry (for the test), or
 * undefined if the runtime made none (a Node without async hooks for ticks).
 */
export function pinTickObjectShape(): object | undefined {
  if (pinned) return pinned;
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === 'TickObject') pinned ??= resource;
    },
  });
  hook.enable();
  try {
    process.nextTick(() => undefined);
  } finally {
    hook.disable();
  }
  return pinned;
}
