import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { toast } from '../../lib/toast';
import { renderRoute } from '../../test/render';

describe('toasts never cover the navigation', () => {
  it('sit at the bottom right, away from the sticky header, with readable texts', async () => {
    renderRoute(<p>page</p>);
    act(() => toast.success('Saved'));
    await screen.findByText('Saved');
    const list = document.querySelector<HTMLElement>('[data-sonner-toaster]')!;
    expect(list).toHaveAttribute('data-y-position', 'bottom');
    expect(list).toHaveAttribute('data-x-position', 'right');
    expect(list.style.getPropertyValue('--success-text')).toBe('hsl(140, 100%, 20%)');
  });
});
