/**
 * The one string schema for text a client sends (bodies, queries, path parameters). PostgreSQL
 * cannot store or compare a NUL character, and control characters or unpaired UTF-16 surrogates
 * have no place in names, notes or search terms; accepting them would either fail deep in the
 * database (a 500) or store text that renders as garbage. Every input string in this package is
 * built from {@link text}, so such input is refused up front with a 400 and a clear message.
 */
import { z } from 'zod';

/** Messages of the text rules (ours: the spec has none for these cases). */
export const TEXT_MESSAGES = {
  controlCharacters: 'Text must not contain control characters',
  lineBreaks: 'Text must be on one line',
} as const;

/** C0 controls except tab, line feed and carriage return; DEL; C1 controls. */
// eslint-disable-next-line no-control-regex -- matching control characters is this regex's job
const CONTROL_EXCEPT_WHITESPACE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** A UTF-16 surrogate without its pair (not valid Unicode; cannot be encoded as UTF-8). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Tab, line feed and carriage return: allowed only in multi-line text. */
const LINE_BREAK_OR_TAB = /[\t\n\r]/;

/**
 * True when `value` is text we store: well-formed UTF-16 (no lone surrogates) without control
 * characters; tabs and line breaks only when `multiline`.
 */
export function isCleanText(value: string, multiline = false): boolean {
  if (LONE_SURROGATE.test(value) || CONTROL_EXCEPT_WHITESPACE.test(value)) return false;
  return multiline || !LINE_BREAK_OR_TAB.test(value);
}

export interface TextOptions {
  /** Message when the value is missing or not a string (default: zod's own). */
  required?: string;
  /** Allow tabs and line breaks (markdown, notes, descriptions). Default false. */
  multiline?: boolean;
}

/**
 * A string schema that refuses control characters (and line breaks unless `multiline`) with
 * {@link TEXT_MESSAGES}. Chain `.trim()`, `.min()`, `.max()`, `.regex()` as on `z.string()`.
 * Example: `text({ required: 'Title is required' }).trim().min(1, 'Title is required').max(200)`.
 */
export function text(options: TextOptions = {}) {
  const base = options.required ? z.string({ error: options.required }) : z.string();
  return base
    .refine((v) => isCleanText(v, true), {
      message: TEXT_MESSAGES.controlCharacters,
      abort: true,
    })
    .refine((v) => options.multiline || !LINE_BREAK_OR_TAB.test(v), {
      message: TEXT_MESSAGES.lineBreaks,
      abort: true,
    });
}

/**
 * An opaque token from a link or URL (session ids, signed tokens): 1–`max` characters of
 * base64url, dots and the like, nothing else. Anything else is refused with `message`.
 */
export function tokenText(max: number, message = 'Invalid token') {
  return z
    .string({ error: message })
    .min(1, message)
    .max(max, message)
    .regex(/^[A-Za-z0-9._~-]+$/, message);
}
