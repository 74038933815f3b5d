/**
 * The user menu asked for before its code was in (header.tsx): the stand-in records the focus and
 * how the menu was asked for, and the menu takes both over when its code arrives, as the header
 * renders them: behind Suspense, with a lazy component whose code arrives when the test says.
 */
import { Suspense, lazy, useRef, type ComponentProps } from 'react';
import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser } from '../../test/fixtures';
import { renderRoute } from '../../test/render';
import { UserMenu } from './user-menu';
import { UserMenuButtonPlaceholder, type StandInState } from './user-menu-button';

const user = makeUser();

/** Renders the header's Suspense around a user menu whose code arrives on `arrive()`. */
function renderLoadingMenu() {
  let resolve: (module: { default: typeof UserMenu }) => void = () => {};
  const code = new Promise<{ default: typeof UserMenu }>((done) => (resolve = done));
  const LazyMenu = lazy(() => code);
  function Harness() {
    const standIn = useRef<StandInState>({ focused: false, opening: null });
    const props: ComponentProps<typeof UserMenu> = {
      user,
      standIn,
      onDownload: () => {},
      onSignOut: () => {},
      downloading: false,
    };
    return (
      <>
        <input aria-label="Search" />
        <Suspense fallback={<UserMenuButtonPlaceholder user={user} state={standIn} />}>
          <LazyMenu {...props} />
        </Suspense>
      </>
    );
  }
  renderRoute(<Harness />);
  return {
    standIn: () => screen.getByRole('button', { name: user.username, busy: true }),
    arrive: () => act(async () => resolve({ default: UserMenu })),
  };
}

const menuButton = () => screen.getByRole('button', { name: user.username });

describe('the user menu asked for while it loads', () => {
  it('takes over the focus of its stand-in, and Enter then opens it on the first item', async () => {
    const menu = renderLoadingMenu();
    menu.standIn().focus();
    await menu.arrive();
    expect(menuButton()).not.toHaveAttribute('aria-busy');
    expect(menuButton()).toHaveFocus();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'Profile Settings' })).toHaveFocus();
  });

  it.each(['{Enter}', ' ', '{ArrowDown}'])(
    'opens from %s on the stand-in with the focus on the first item; Escape returns it',
    async (key) => {
      const menu = renderLoadingMenu();
      menu.standIn().focus();
      await userEvent.keyboard(key);
      expect(screen.queryByRole('menu')).not.toBeInTheDocument();
      await menu.arrive();
      expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
      expect(screen.getByRole('menuitem', { name: 'Profile Settings' })).toHaveFocus();
      await userEvent.keyboard('{ArrowDown}');
      expect(screen.getByRole('menuitem', { name: 'Order History' })).toHaveFocus();
      await userEvent.keyboard('{Escape}');
      expect(screen.queryByRole('menu')).not.toBeInTheDocument();
      expect(menuButton()).toHaveFocus();
    },
  );

  it('opens from a press whose release lands on the arrived button, with no item chosen', async () => {
    const menu = renderLoadingMenu();
    await userEvent.pointer({ keys: '[MouseLeft>]', target: menu.standIn() });
    await menu.arrive();
    await userEvent.pointer({ keys: '[/MouseLeft]', target: menuButton() });
    expect(screen.getByRole('menu')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Profile Settings' })).not.toHaveFocus();
  });

  it('stays closed, and leaves the focus where it is, when nobody asked', async () => {
    const menu = renderLoadingMenu();
    const search = screen.getByRole('textbox', { name: 'Search' });
    search.focus();
    await userEvent.keyboard('{Enter}');
    await menu.arrive();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(search).toHaveFocus();
  });

  it('ignores a Ctrl-press, as the menu itself does', async () => {
    const menu = renderLoadingMenu();
    const person = userEvent.setup();
    await person.keyboard('{Control>}');
    await person.pointer({ keys: '[MouseLeft]', target: menu.standIn() });
    await person.keyboard('{/Control}');
    await menu.arrive();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
