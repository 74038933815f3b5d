/** Helpers to read PostgreSQL errors the same way from node-postgres and PGlite. */

/** True when `error` is a unique violation (SQLSTATE 23505), optionally on `constraint`. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = findPgError(error);
  return !!e && e.code === '23505' && (!constraint || e.constraint === constraint);
}

/**
 * True when PostgreSQL refused a value the client sent: SQLSTATE class 22 "data exception"
 * (a NUL or invalid byte sequence, text not valid for its type, a number out of range) or 54000
 * "program limit exceeded" (a value too large for an index). Such a request is the client's
 * fault and is answered 400, never 500 (PostgreSQL docs, Appendix A "Error Codes").
 */
export function isInvalidInputError(error: unknown): boolean {
  const code = findPgError(error)?.code;
  return !!code && (code.startsWith('22') || code === '54000');
}

function findPgError(error: unknown): { code?: string; constraint?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const e = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      return {
        code: e.code,
        constraint: typeof e.constraint === 'string' ? e.constraint : undefined,
      };
    }
    current = e.cause;
  }
  return undefined;
}
