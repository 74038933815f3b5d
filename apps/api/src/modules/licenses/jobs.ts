/**
 * The licenses' background job (docs/jobs-and-email.md): devices that stopped checking in lose
 * their seat.
 */
import type { AppContext } from '../../context.js';
import { claimStaleDevices } from './repository.js';
import { deactivateAudited, staleBefore } from './state.js';

/** Devices deactivated per transaction by {@link deactivateStaleDevices}. */
const STALE_BATCH = 500;

/**
 * The `flockr.license-devices` job (docs/jobs-and-email.md): deactivates, as the system
 * (`timeout`, audited), every device that has not checked in for LICENSE_DEVICE_TIMEOUT, in
 * batches claimed with SKIP LOCKED (safe on several instances), until none is left or
 * `ctx.stopping` is aborted (the app is closing). Returns how many.
 */
export async function deactivateStaleDevices(ctx: AppContext): Promise<number> {
  let total = 0;
  while (!ctx.stopping.aborted) {
    const now = ctx.now();
    const done = await ctx.db.transaction(async (tx) => {
      const stale = await claimStaleDevices(tx, staleBefore(ctx, now), STALE_BATCH);
      for (const { device, userId, username } of stale) {
        await deactivateAudited(
          tx,
          { id: userId, username },
          device.licenseId,
          'timeout',
          null,
          now,
          { ids: [device.id] },
        );
      }
      return stale.length;
    });
    total += done;
    if (done < STALE_BATCH) break;
  }
  return total;
}
