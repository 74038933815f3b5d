/**
 * The `console.error` calls of the running test, collected by test/setup.ts (any left at the end
 * fail the test). A test that provokes an error on purpose takes it with {@link takeConsoleErrors}.
 */
const collected: unknown[][] = [];

/** Records one console.error call (test/setup.ts). */
export function recordConsoleError(args: unknown[]): void {
  collected.push(args);
}

/** Returns the errors recorded so far as text and forgets them. */
export function takeConsoleErrors(): string[] {
  return collected.splice(0).map((args) => args.map(String).join(' '));
}
