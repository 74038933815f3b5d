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

/** How the visitor asked for the menu: a press of the pointer, or Enter, Space or ArrowDown. */
export type MenuOpening = 'pointer' | 'keyboard';

/**
 * What happened on the stand-in before the menu's code arrived: whether it holds the focus, and
 * how the menu was asked for. The header keeps it in a ref, not in state: a re-render of the
 * header between a press and its click could swap the menu in under the pointer and lose the
 * click. The menu reads and clears it as it mounts (user-menu.tsx).
 */
export interface StandInState {
  focused: boolean;
  opening: MenuOpening | null;
}

/** The keys that open a menu button's menu (WAI-ARIA menu button pattern, as Radix has them). */
const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

/**
 * The stand-in for the user menu's button while the menu's code loads: the same look, marked busy
 * (`aria-busy`). It opens as Radix's trigger does, on the pointer's press (primary button, no
 * Ctrl) or on an opening key, and nothing is lost: `state` records it, and the focus, for the
 * menu to take over once its code is in.
 */
export function UserMenuButtonPlaceholder({
  user,
  state,
}: {
  user: User;
  state: { current: StandInState };
}) {
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      aria-busy
      className={USER_MENU_BUTTON_CLASS}
      onFocus={() => {
        state.current.focused = true;
      }}
      onBlur={() => {
        state.current.focused = false;
      }}
      onPointerDown={(event) => {
        if (event.button === 0 && !event.ctrlKey) state.current.opening = 'pointer';
      }}
      onKeyDown={(event) => {
        if (!OPENING_KEYS.has(event.key)) return;
        event.preventDefault();
        state.current.opening = 'keyboard';
      }}
    >
      <UserMenuButtonLabel user={user} />
    </button>
  );
}
