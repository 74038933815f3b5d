/**
 * The user menu asked for before its code was in (header.tsx): its stand-in hears how it was
 * asked for, and the menu then opens that way, from the keyboard with the focus on its first item.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser } from '../../test/fixtures';
import { renderRoute } from '../../test/render';
import { UserMenu } from './user-menu';
import { UserMenuButtonPlaceholder, type MenuOpening } from './user-menu-button';

const user = makeUser();

/** Renders the menu as the header does once its code is in; `openOnMount` as the stand-in heard. */
function renderMenu(openOnMount?: MenuOpening) {
  return renderRoute(
    <UserMenu
      user={user}
      openOnMount={openOnMount}
      onDownload={() => {}}
      onSignOut={() => {}}
      downloading={false}
    />,
  );
}

describe('the user menu asked for while it loads', () => {
  it('the stand-in tells a click from Enter and Space', async () => {
    const onOpen = vi.fn();
    renderRoute(<UserMenuButtonPlaceholder user={user} onOpen={onOpen} />);
    const stand = screen.getByRole('button', { name: user.username, busy: true });
    await userEvent.click(stand);
    expect(onOpen).toHaveBeenLastCalledWith('pointer');
    stand.focus();
    await userEvent.keyboard('{Enter}');
    expect(onOpen).toHaveBeenLastCalledWith('keyboard');
    await userEvent.keyboard(' ');
    expect(onOpen).toHaveBeenCalledTimes(3);
    expect(onOpen).toHaveBeenLastCalledWith('keyboard');
  });

  it('opens from a key with the focus on the first item, and Escape closes it', async () => {
    renderMenu('keyboard');
    expect(screen.getByRole('menu')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: user.username })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByRole('menuitem', { name: 'Profile Settings' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Order History' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: user.username })).toHaveFocus();
  });

  it('opens from a click with no item chosen, and stays closed when nobody asked', async () => {
    const { unmount } = renderMenu('pointer');
    expect(screen.getByRole('menu')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Profile Settings' })).not.toHaveFocus();
    unmount();
    renderMenu();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
