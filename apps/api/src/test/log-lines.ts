/**
 * A pino destination for tests: every JSON line the logger writes, parsed, in order.
 */
import { Writable } from 'node:stream';

/** A parsed log line: pino's fields as written, and `raw`, the line's own text. */
export type LogLine<T extends object = Record<string, unknown>> = T & { raw: string };

/**
 * A Writable to give a logger as its `stream`, and the array its lines land in (appended as
 * they are written; pino writes one JSON object per line, `\n`-terminated). `T` names the
 * fields a test reads; the parse is not checked against it.
 */
export function logLines<T extends object = Record<string, unknown>>(): {
  stream: Writable;
  lines: LogLine<T>[];
} {
  const lines: LogLine<T>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const raw of chunk.toString().split('\n').filter(Boolean))
        lines.push({ ...(JSON.parse(raw) as T), raw });
      done();
    },
  });
  return { stream, lines };
}
