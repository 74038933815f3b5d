import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { makeUser } from '../../../test/fixtures';
import { renderProfile } from '../test/render-profile';

describe('Account Information', () => {
  it('shows a customer no role, and points to Update Email instead of "cannot be edited"', async () => {
    renderProfile();
    const email = await screen.findByRole('textbox', { name: 'Email' });
    expect(email).toHaveAttribute('readonly');
    expect(
      screen.getByText(
        'Your email is used to sign in. To change it, use Update Email under Security.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/cannot be edited/)).not.toBeInTheDocument();
    expect(screen.queryByText('Role')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update Email' })).toBeInTheDocument();
  });

  it('shows an admin their role', async () => {
    renderProfile({ user: makeUser({ role: 'ADMIN' }) });
    expect(await screen.findByText('Role')).toBeInTheDocument();
    expect(screen.getByText('Admin')).toBeInTheDocument();
  });
});
