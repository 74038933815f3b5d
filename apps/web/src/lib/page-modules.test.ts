import { describe, expect, it } from 'vitest';
import { PAGE_MODULES_ID, readPageModules } from './page-modules';

/** A document whose `#page-modules` holds `text` (none when undefined). */
function page(text?: string): Document {
  const doc = document.implementation.createHTMLDocument('page');
  if (text !== undefined) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = PAGE_MODULES_ID;
    script.textContent = text;
    doc.body.append(script);
  }
  return doc;
}

describe('readPageModules', () => {
  it('reads the same-origin asset paths the server listed, in order', () => {
    const list = ['/assets/main-1a2b.js', '/assets/landing-3c4d.js', '/assets/index.esm-5e_6.js'];
    expect(readPageModules(page(JSON.stringify(list)))).toEqual(list);
  });

  it('leaves out anything that is not a script under /assets/', () => {
    const list = [
      'https://evil.example/assets/x.js',
      '//evil.example/assets/x.js',
      '/assets/../api/v1/x.js',
      '/assets/style.css',
      '/other/x.js',
      42,
      '/assets/ok-1.js',
    ];
    expect(readPageModules(page(JSON.stringify(list)))).toEqual(['/assets/ok-1.js']);
  });

  it('reads nothing from a page without a list, or with a broken one', () => {
    expect(readPageModules(page())).toEqual([]);
    expect(readPageModules(page('not json'))).toEqual([]);
    expect(readPageModules(page('{"a":1}'))).toEqual([]);
  });
});
