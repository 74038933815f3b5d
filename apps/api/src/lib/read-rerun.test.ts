/** Reruns of a read whose connection was dropped (lib/read-rerun.ts). */
import { describe, expect, it, vi } from 'vitest';
import { READ_RERUNS, rerunAfterDrop } from './read-rerun.js';

/** An Error with a `code`, as node-postgres makes them. */
const coded = (code: string) => Object.assign(new Error(code), { code });
const dropped = () => coded('57P01'); // admin_shutdown: a terminated backend
const unreachable = () => coded('ECONNREFUSED');

/** A read that fails with each of `failures` in turn, then answers 'rows'. */
function readFailing(...failures: Error[]) {
  return vi.fn(async () => {
    const failure = failures.shift();
    if (failure) throw failure;
    return 'rows';
  });
}

describe('rerunAfterDrop', () => {
  it('rethrows anything but a dropped connection without running the read again', async () => {
    for (const error of [new Error('boom'), unreachable(), coded('23505')]) {
      const read = readFailing();
      await expect(rerunAfterDrop(error, read)).rejects.toBe(error);
      expect(read).not.toHaveBeenCalled();
    }
  });

  it('rethrows a drop when the caller no longer allows a rerun (an answer already sent)', async () => {
    const read = readFailing();
    const error = dropped();
    await expect(rerunAfterDrop(error, read, { allowed: () => false })).rejects.toBe(error);
    expect(read).not.toHaveBeenCalled();
  });

  it('runs the read again after a drop, again after another, and answers with the run that succeeds', async () => {
    const read = readFailing(dropped());
    const log = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    await expect(rerunAfterDrop(dropped(), read, { log })).resolves.toBe('rows');
    expect(read).toHaveBeenCalledTimes(2);
    expect(log.warn).toHaveBeenCalledTimes(1);
  });

  it(`gives up after ${READ_RERUNS} reruns that were all dropped, with the last failure`, async () => {
    const last = dropped();
    const read = readFailing(...Array.from({ length: READ_RERUNS - 1 }, dropped), last, dropped());
    await expect(rerunAfterDrop(dropped(), read)).rejects.toBe(last);
    expect(read).toHaveBeenCalledTimes(READ_RERUNS);
  });

  it('stops at a rerun that finds the database unreachable (its 503 stays prompt)', async () => {
    const gone = unreachable();
    const read = readFailing(gone);
    await expect(rerunAfterDrop(dropped(), read)).rejects.toBe(gone);
    expect(read).toHaveBeenCalledTimes(1);
  });
});
