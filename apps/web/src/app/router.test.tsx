/**
 * Lazy pages of the route table (app/router.tsx): a page's code loaded ahead renders on the first
 * pass (hydration needs the server's markup at once), and a page whose code arrived while it was
 * shown is never remounted by a later render, so nothing typed into it is lost.
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyPage } from './router';

function Form() {
  return <input aria-label="Email" />;
}

/** Renders `element` under a parent whose Rerender button renders it again. */
function Parent({ element }: { element: React.ReactNode }) {
  const [count, setCount] = useState(0);
  return (
    <Suspense fallback={<p>Loading…</p>}>
      <button type="button" onClick={() => setCount(count + 1)}>
        Rerender {count}
      </button>
      {element}
    </Suspense>
  );
}

describe('lazy pages', () => {
  it('render on the first pass once preloaded', async () => {
    const route = lazyPage(async () => ({ default: Form }));
    await (route.handle as { preload: () => Promise<void> }).preload();
    render(<Parent element={route.element} />);
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeInTheDocument();
  });

  it('keep what was typed when rendered again after their code arrived', async () => {
    const route = lazyPage(async () => ({ default: Form }));
    render(<Parent element={route.element} />);
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    const email = await screen.findByRole('textbox', { name: 'Email' });
    await userEvent.type(email, 'ann@example.com');
    await act(() => userEvent.click(screen.getByRole('button', { name: /Rerender/ })));
    expect(screen.getByRole('button', { name: 'Rerender 1' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBe(email);
    expect(email).toHaveValue('ann@example.com');
  });
});
