/**
 * deploy/nginx/flockr.conf and compose.conf answer for the app when no instance can
 * (docs/operations.md): their
 * `@unavailable` location must send what the app sends while its database is down, the same
 * status, Retry-After and error body, so a client cannot tell which of the two answered. The
 * cluster test (scripts/test-cluster.mjs) sees it through a real nginx during an outage.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorBody, UNAVAILABLE_RETRY_AFTER_SECONDS } from './errors.js';

const nginxDir = path.resolve(import.meta.dirname, '../../../../deploy/nginx');

describe('the reverse proxy answer when no instance can', () => {
  it.each(['flockr.conf', 'compose.conf'])(
    "%s: the app's own 503, the same Retry-After and error body",
    async (file) => {
      const text = await readFile(path.join(nginxDir, file), 'utf8');
      const location = /location @unavailable \{\n([\s\S]*?)\n\s*\}\n/.exec(text)?.[1];
      expect(location, `${file} has no location @unavailable`).toBeDefined();
      expect(text).toMatch(/^\s*error_page 502 504 = @unavailable;/m);
      expect(location).toContain(
        `add_header Retry-After ${UNAVAILABLE_RETRY_AFTER_SECONDS} always;`,
      );
      const body = /return 503 '([^']*)';/.exec(location!)?.[1];
      expect(JSON.parse(body ?? 'null')).toEqual(errorBody('serviceUnavailable'));
    },
  );
});
