/**
 * Vitest setup: jest-dom matchers; the mock API server (test/api.ts) started before the tests,
 * with unhandled requests failing the test (`onUnhandledFrame: 'error'`); a clean DOM, storage, handlers and recorded calls
 * after each test; and an unexpected `console.error` (a React warning, a failed request) fails
 * the test that caused it.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { clearCalls, mockDefaults, server } from './api';
import { recordConsoleError, takeConsoleErrors } from './console';

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
