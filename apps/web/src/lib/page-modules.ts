/**
 * What boot.ts needs to start the app after the first paint: the page's modules, which the
 * server lists in `<script type="application/json" id="page-modules">` (an array of same-origin
 * paths such as `/assets/landing-1a2b3c.js`, from Vite's manifest), and a promise for the moment
 * the page has painted its content.
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
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** How long {@link afterFirstContentfulPaint} waits at most, in milliseconds. */
export const FIRST_PAINT_WAIT_MS = 3_000;

/**
 * Resolves once the page has painted content: the `first-contentful-paint` entry of the Paint
 * Timing API (W3C Paint Timing), read from the buffer when it is already there. The next frame
 * is not enough: while the web font's block period lasts, a frame paints the background but no
 * text, and scripts asked for then compete with the text for the phone's connection. Without
 * the API it waits for the next paint; either way it gives up after `timeoutMs`.
 */
export function afterFirstContentfulPaint(timeoutMs = FIRST_PAINT_WAIT_MS): Promise<void> {
  if (
    typeof PerformanceObserver === 'undefined' ||
    !PerformanceObserver.supportedEntryTypes?.includes('paint')
  ) {
    return afterNextPaint();
  }
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    const timer = setTimeout(done, timeoutMs);
    observer.observe({ type: 'paint', buffered: true });
  });
}
