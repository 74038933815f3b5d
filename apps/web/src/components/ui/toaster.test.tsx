import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { phoneViewport, stubMatchMedia } from '../../test/media';
import { renderRoute } from '../../test/render';

/** The toaster's list once a toast shows. */
async function toastList() {
  act(() => void toast.info('Saved'));
  await screen.findByText('Saved');
  return document.querySelector('[data-sonner-toaster]')!;
}

afterEach(() => vi.unstubAllGlobals());

describe('toasts never cover the navigation', () => {
  it('sit at the bottom on a phone', async () => {
    stubMatchMedia(phoneViewport);
    renderRoute(<p>page</p>);
    const list = await toastList();
    expect(list).toHaveAttribute('data-y-position', 'bottom');
  });

  it('sit top right below the 64 px header on wide screens', async () => {
    renderRoute(<p>page</p>);
    const list = await toastList();
    expect(list).toHaveAttribute('data-y-position', 'top');
    expect(list).toHaveAttribute('data-x-position', 'right');
    expect((list as HTMLElement).style.getPropertyValue('--offset-top')).toBe('80px');
  });
});
