import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, STORAGE_KEYS } from '@flockr/contract';
import { callsTo, mockEndpoint } from '../../test/api';
import { makeUser, siteConfig } from '../../test/fixtures';
import { currentUrl, renderRoute, signIn } from '../../test/render';
import { Header } from './header';

describe('header', () => {
  it('offers Login and Get Started when signed out', () => {
    renderRoute(<Header onDownload={() => {}} downloading={false} />);
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
    expect(screen.queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
  });

  it('shows the product name from site config as the home link', async () => {
    mockEndpoint(API.site.config, { ...siteConfig, product_name: 'Birdly' });
    renderRoute(<Header onDownload={() => {}} downloading={false} />);
    expect(await screen.findByRole('link', { name: 'Birdly' })).toHaveAttribute('href', '/');
  });

  it('has a keyboard-operable user menu with the spec items', async () => {
    const user = makeUser({ role: 'ADMIN' });
    signIn(user);
    mockEndpoint(API.auth.me, { user });
    const onDownload = vi.fn();
    renderRoute(<Header onDownload={onDownload} downloading={false} />);
    const button = await screen.findByRole('button', { name: 'alice', busy: false });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');

    button.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menu')).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menuitem', { name: 'Profile Settings' })).toHaveFocus();
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual([
      'Profile Settings',
      'Admin Panel',
      'Order History',
      'Download Software',
      'Download Centre',
      'Sign Out',
    ]);
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Sign Out' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Download Centre' })).toHaveFocus();
    expect(screen.getByRole('menuitem', { name: 'Download Centre' })).toHaveAttribute(
      'href',
      '/downloads',
    );
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('menuitem', { name: 'Profile Settings' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await userEvent.click(button);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Download Software' }));
    expect(onDownload).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(onDownload).toHaveBeenCalledTimes(2);
  });

  it('hides Admin Panel from users, and Sign Out clears the session and goes home', async () => {
    const user = makeUser();
    signIn(user, 'tok-alice');
    mockEndpoint(API.auth.me, { user });
    mockEndpoint(API.auth.logout, undefined);
    const { router } = renderRoute(<Header onDownload={() => {}} downloading={false} />, {
      path: '/orders',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'alice', busy: false }));
    expect(screen.queryByRole('menuitem', { name: 'Admin Panel' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign Out' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    // The server is told too, with the token of the session that ends.
    await waitFor(() => expect(callsTo(API.auth.logout)).toHaveLength(1));
    expect(callsTo(API.auth.logout)[0]!.headers.get('Authorization')).toBe('Bearer tok-alice');
  });

  it('opens the phone navigation with the hamburger button', async () => {
    renderRoute(<Header onDownload={() => {}} downloading={false} />);
    const burger = screen.getByRole('button', { name: 'Main menu' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(burger);
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('navigation', { name: 'Mobile' })).toBeInTheDocument();
  });
});
