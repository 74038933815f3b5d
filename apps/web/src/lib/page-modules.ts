/**
 * What boot.ts needs to start the app after the first paint: the page's modules, which the
 * server lists in `<script type="application/json" id="page-modules">` (an array of same-origin
 * paths such as `/assets/landing-1a2b3c.js`, from Vite's manifest), and a promise for the moment
 * after the browser's next paint.
 */

/** The id of the element holding the page's modules. */
export const PAGE_MODULES_ID = 'page-modules';

/**
 * The module paths `doc` lists in `#page-modules`: those starting with `/assets/`; anything else
 * (no list, not JSON, not an array, another origin) is left out.
 */
export function readPageModules(doc: Document): string[] {
  const text = doc.getElementById(PAGE_MODULES_ID)?.textContent;
  if (!text) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.filter(
    (href): href is string => typeof href === 'string' && /^\/assets\/[\w.-]+\.js$/.test(href),
  );
}

/**
 * Resolves after the browser's next paint: the frame's animation callback runs just before it
 * paints, a task queued from there runs just after.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
