/** Vitest setup: an unexpected console.error fails the test that caused it. */
import { afterEach, beforeEach, vi } from 'vitest';

let errors: unknown[][] = [];

beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  if (errors.length > 0) {
    throw new Error(
      `Unexpected console.error:\n${errors.map((a) => a.map(String).join(' ')).join('\n')}`,
    );
  }
});
