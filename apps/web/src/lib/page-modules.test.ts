import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstContentfulPaint, PAGE_MODULES_ID, readPageModules } from './page-modules';

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

/** A stand-in for the browser's PerformanceObserver that delivers the paint entries it is given. */
function paintObserver(entries: string[], supported = ['paint']) {
  const observers: { disconnected: boolean }[] = [];
  class FakeObserver {
    static supportedEntryTypes = supported;
    disconnected = false;
    constructor(
      private readonly callback: (list: { getEntriesByName(n: string): unknown[] }) => void,
    ) {
      observers.push(this);
    }
    observe() {
      queueMicrotask(() =>
        this.callback({ getEntriesByName: (n: string) => entries.filter((e) => e === n) }),
      );
    }
    disconnect() {
      this.disconnected = true;
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return observers;
}

describe('afterFirstContentfulPaint', () => {
  afterEach(() => vi.useRealTimers());

  it('resolves at the first contentful paint, and stops observing', async () => {
    const observers = paintObserver(['first-paint', 'first-contentful-paint']);
    await afterFirstContentfulPaint(60_000);
    expect(observers).toHaveLength(1);
    expect(observers[0]!.disconnected).toBe(true);
  });

  it('does not resolve at a paint without content, and gives up after the wait', async () => {
    vi.useFakeTimers();
    const observers = paintObserver(['first-paint']);
    let resolved = false;
    void afterFirstContentfulPaint(3_000).then(() => (resolved = true));
    await vi.advanceTimersByTimeAsync(2_999);
    expect(resolved).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(resolved).toBe(true);
    expect(observers[0]!.disconnected).toBe(true);
  });

  it('without the Paint Timing API, waits for the next frame instead', async () => {
    const observers = paintObserver([], []);
    const frame = vi.fn((callback: FrameRequestCallback) => {
      callback(0);
      return 1;
    });
    vi.stubGlobal('requestAnimationFrame', frame);
    await afterFirstContentfulPaint();
    expect(frame).toHaveBeenCalledTimes(1);
    expect(observers).toHaveLength(0);
  });
});
