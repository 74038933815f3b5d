/**
 * Vitest setup: jest-dom matchers; the mock API server (test/api.ts) started before the tests,
 * with unhandled requests failing the test (`onUnhandledFrame: 'error'`); a clean DOM, storage, handlers and recorded calls
 * after each test; and an unexpected `console.error` (a React warning, a failed request) fails
 * the test that caused it. `findBy…` and `waitFor` wait up to 5 s instead of Testing Library's
 * 1 s: a lazily loaded chunk (the dashboard's recharts cards) is transformed on its first import,
 * which took over a second on a loaded 2-core machine.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { clearCalls, mockDefaults, server } from './api';
import { recordConsoleError, takeConsoleErrors } from './console';

configure({ asyncUtilTimeout: 5_000 });

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

beforeEach(() => {
  takeConsoleErrors();
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => recordConsoleError(args));
  mockDefaults();
});

afterEach(() => {
  cleanup();
  toast.dismiss();
  window.localStorage.clear();
  server.resetHandlers();
  clearCalls();
  const seen = takeConsoleErrors();
  if (seen.length > 0) throw new Error(`Unexpected console.error:\n${seen.join('\n')}`);
});
