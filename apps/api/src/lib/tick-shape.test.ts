/** The pinned nextTick entry (lib/tick-shape.ts; docs/decisions/014-pinned-tick-shape.md). */
import { describe, expect, it } from 'vitest';
import { pinTickObjectShape } from './tick-shape.js';

describe('pinTickObjectShape', () => {
  it("holds one of Node's nextTick queue entries, with its async id symbols, and the same one on every call", () => {
    const pinned = pinTickObjectShape() as Record<string | symbol, unknown> | undefined;
    expect(pinned).toBeDefined();
    // Node's TickObject: the callback given to nextTick, its arguments, and the async ids under
    // symbol keys (the computed keys whose stores the pin keeps monomorphic).
    expect(typeof pinned!.callback).toBe('function');
    expect('args' in pinned!).toBe(true);
    const symbols = Object.getOwnPropertySymbols(pinned!).map(String);
    expect(symbols).toEqual(
      expect.arrayContaining(['Symbol(async_id_symbol)', 'Symbol(trigger_async_id_symbol)']),
    );
    expect(pinTickObjectShape()).toBe(pinned);
  });
});
