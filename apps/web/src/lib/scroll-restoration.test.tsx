/**
 * Scroll restoration of the declarative router (lib/scroll-restoration.tsx): a new history entry
 * starts at the top or at its #hash, going back returns to where the entry was left, and the first
 * location of a document leaves the browser's own placement alone.
 */
import { act, render } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SCROLL_POSITIONS_KEY, ScrollRestoration } from './scroll-restoration';

let navigate: NavigateFunction;
function Navigator() {
  const nav = useNavigate();
  useEffect(() => {
    navigate = nav;
  }, [nav]);
  return <p id="faq">FAQ</p>;
}

/** Scrolls the window to `y` as a person would: the position changes, then a scroll event. */
function scrollBy(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

/** The call that puts the window at `top` at once. */
const at = (top: number) => ({ top, left: 0, behavior: 'instant' });

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <ScrollRestoration />
      <Navigator />
    </MemoryRouter>,
  );
}

describe('ScrollRestoration', () => {
  let scrollTo: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    window.sessionStorage.clear();
    scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    Element.prototype.scrollIntoView = vi.fn();
    scrollBy(0);
  });

  it("leaves the document's first location where the browser put it", () => {
    renderAt('/plans');
    expect(scrollTo).not.toHaveBeenCalled();
    expect(window.history.scrollRestoration).toBe('manual');
  });

  it('starts a new entry at the top and returns to the old one where it was left', () => {
    renderAt('/changelog');
    scrollBy(640);
    act(() => void navigate('/plans'));
    expect(scrollTo).toHaveBeenLastCalledWith(at(0));
    scrollBy(120);
    act(() => void navigate(-1));
    expect(scrollTo).toHaveBeenLastCalledWith(at(640));
    act(() => void navigate(1));
    expect(scrollTo).toHaveBeenLastCalledWith(at(120));
  });

  it('goes to the element a new entry’s #hash names', () => {
    renderAt('/');
    act(() => void navigate('/support#faq'));
    expect(Element.prototype.scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('saves the positions for a reload when the page is left, and hands scrolling back', () => {
    const before = window.history.scrollRestoration;
    const { unmount } = renderAt('/changelog');
    scrollBy(300);
    window.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(window.sessionStorage.getItem(SCROLL_POSITIONS_KEY)!)).toEqual({
      default: 300,
    });
    unmount();
    expect(window.history.scrollRestoration).toBe(before);
  });
});
