/**
 * The browser's entry (docs/web-performance.md, "The first paint comes before the scripts"). It
 * carries the stylesheets, so they stay render-blocking links in the HTML, and nothing else. On a
 * page the server rendered it waits until the browser has painted that HTML's content (its first
 * contentful paint), then asks for the
 * page's modules (listed by the server in `#page-modules`) and the app (`main.tsx`), which
 * hydrates. The page shows at the speed of HTML and CSS instead of sharing the line with a hundred
 * kilobytes of script it does not need to be seen. The shell (any other page) has nothing to
 * paint: it loads the app at once.
 */
// Every subset is declared with a unicode-range; a browser fetches only those a page's text uses.
import '@fontsource-variable/inter/wght.css';
import './index.css';
import { afterFirstContentfulPaint, readPageModules } from './lib/page-modules';

if (document.getElementById('server-state') && document.visibilityState === 'visible') {
  await afterFirstContentfulPaint();
}
for (const href of readPageModules(document)) {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.crossOrigin = '';
  link.href = href;
  document.head.append(link);
}
await import('./main');
