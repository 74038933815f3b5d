/**
 * What a server-rendered page carries for the browser (docs/web-performance.md): the query cache
 * it rendered with (TanStack Query's dehydrated state) and its guess of the screen size, as JSON
 * in `<script type="application/json" id="server-state">` (data, not code, so the
 * Content-Security-Policy's `script-src 'self'` allows it).
 */
import type { DehydratedState } from '@tanstack/react-query';

/** The element id of the state script. */
export const SERVER_STATE_ID = 'server-state';

/** The state of one rendered page. */
export interface ServerState {
  queries: DehydratedState;
  /** Whether the server rendered for a phone-sized screen. */
  phone: boolean;
}

/**
 * The state as the text of a `<script>` element: JSON with `<`, `>`, `&` and the line separators
 * escaped, so no value can close the element or start markup (OWASP XSS prevention, rule 3.1).
 */
export function serializeServerState(state: ServerState): string {
  return JSON.stringify(state).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The state of the page in `doc`, or null when the page was not rendered by the server. */
export function readServerState(doc: Document): ServerState | null {
  const text = doc.getElementById(SERVER_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as ServerState;
  } catch {
    return null;
  }
}
