/**
 * The face of the signed-in user's menu button (initial, name, chevron) and its classes, shared by
 * the menu (user-menu.tsx, loaded on demand) and the stand-in the header shows while that code
 * loads, so the header does not move when the menu arrives.
 */
import { ChevronDown } from 'lucide-react';
import type { User } from '@flockr/contract';

/** Classes of the user menu's button. */
export const USER_MENU_BUTTON_CLASS =
  'group flex h-10 items-center gap-2 rounded-full border border-slate-200 bg-white py-1 pr-2.5 ' +
  'pl-1 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50';

/** The button's content for `user`: their initial in a circle, their name (from `sm`), a chevron. */
export function UserMenuButtonLabel({ user }: { user: User }) {
  return (
    <>
      <span
        aria-hidden="true"
        className="flex size-7 items-center justify-center rounded-full bg-brand-600 text-xs font-bold text-white"
      >
        {user.username.slice(0, 1).toUpperCase()}
      </span>
      <span className="sr-only sm:not-sr-only sm:max-w-[7rem] sm:truncate">{user.username}</span>
      <ChevronDown
        aria-hidden="true"
        className="size-4 text-slate-500 transition-transform group-data-[state=open]:rotate-180"
      />
    </>
  );
}

/** How the visitor asked for the menu: a click, or Enter or Space on the focused button. */
export type MenuOpening = 'pointer' | 'keyboard';

/**
 * The stand-in for the user menu's button while the menu's code loads: the same look, marked busy
 * (`aria-busy`). A click, Enter or Space on it is not lost: `onOpen` hears how it was asked for,
 * and the menu opens that way once its code is in (user-menu.tsx `openOnMount`).
 */
export function UserMenuButtonPlaceholder({
  user,
  onOpen,
}: {
  user: User;
  onOpen: (how: MenuOpening) => void;
}) {
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      aria-busy
      className={USER_MENU_BUTTON_CLASS}
      // A click from Enter or Space has no pointer behind it: detail 0.
      onClick={(event) => onOpen(event.detail === 0 ? 'keyboard' : 'pointer')}
    >
      <UserMenuButtonLabel user={user} />
    </button>
  );
}
