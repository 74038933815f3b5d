/**
 * zod without run-time code generation. zod 4 compiles object parsers with `new Function` when
 * it may; our Content-Security-Policy (`script-src 'self'`, no 'unsafe-eval') forbids that, and
 * zod's probe for it is reported by the browser as a CSP violation. Jitless parsing is the same
 * parsing, a little slower, which the small answers of this app do not notice. Imported first by
 * every module that brings zod into the browser (lib/route-table.ts, the auth forms' schemas).
 */
import { config } from 'zod';

config({ jitless: true });
