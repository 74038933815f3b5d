/**
 * The signed-in user's menu (requirements §2): Profile Settings, Admin Panel (admins only), Order
 * History, Download Software, Download Centre (ours: every version) and Sign Out. On Radix
 * DropdownMenu, which follows the WAI-ARIA menu-button pattern (arrow keys, Home/End, typeahead,
 * Escape returns focus to the button). The header loads this module only for a signed-in user
 * (Radix's menu and its positioning code are not part of a public page's first chunk).
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import * as Menu from '@radix-ui/react-dropdown-menu';
import {
  Download,
  Layers,
  Loader2,
  LogOut,
  Receipt,
  Settings,
  ShieldCheck,
  type LucideIcon,
} from 'lucide-react';
import { isAdminRole, type User } from '@flockr/contract';
import { cn } from '../ui/cn';
import { USER_MENU_BUTTON_CLASS, UserMenuButtonLabel, type StandInState } from './user-menu-button';

const itemClass =
  'flex w-full cursor-default items-center gap-3 rounded-md px-3 py-2 text-left text-sm ' +
  'text-slate-700 outline-none select-none data-[highlighted]:bg-brand-50 ' +
  'data-[highlighted]:text-brand-800 data-[disabled]:opacity-60';

/** A menu item that goes to `to`. */
function MenuLink({
  to,
  icon: Icon,
  children,
}: {
  to: string;
  icon: LucideIcon;
  children: string;
}) {
  return (
    <Menu.Item asChild className={itemClass}>
      <Link to={to}>
        <Icon aria-hidden="true" className="size-4" />
        {children}
      </Link>
    </Menu.Item>
  );
}

/**
 * The user menu button and its popup; `onDownload` and `onSignOut` run from their items.
 * `standIn` is what happened on the button's stand-in while this code loaded (user-menu-button.tsx):
 * as it mounts, the button takes over the stand-in's focus (the stand-in is gone, and the focus
 * would fall to <body>, where Enter does nothing), and the menu opens if it was asked for, from a
 * key with the focus on its first item, as the menu-button pattern has it.
 */
export function UserMenu({
  user,
  onDownload,
  onSignOut,
  downloading,
  standIn,
}: {
  user: User;
  onDownload: () => void;
  onSignOut: () => void;
  downloading: boolean;
  standIn?: { current: StandInState };
}) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  // Radix puts the focus on the first item only when it saw the key that opened the menu; this
  // key was pressed on the stand-in, before the menu existed.
  const keyboardOpening = useRef(false);
  // Before the browser paints or hands on the next key: the stand-in's focus and request.
  useLayoutEffect(() => {
    if (!standIn) return;
    const { focused, opening } = standIn.current;
    standIn.current = { focused: false, opening: null };
    const active = document.activeElement;
    if (focused && (active === null || active === document.body)) trigger.current?.focus();
    if (opening === null) return;
    keyboardOpening.current = opening === 'keyboard';
    setOpen(true);
  }, [standIn]);
  return (
    <Menu.Root modal={false} open={open} onOpenChange={setOpen}>
      <Menu.Trigger ref={trigger} className={USER_MENU_BUTTON_CLASS}>
        <UserMenuButtonLabel user={user} />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          // Radix focuses the popup itself as it opens; from there, on to the first item.
          onFocus={(event) => {
            if (!keyboardOpening.current || event.target !== event.currentTarget) return;
            keyboardOpening.current = false;
            event.currentTarget.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
          }}
          align="end"
          loop
          sideOffset={8}
          className="z-50 w-64 rounded-xl border border-slate-200 bg-white p-1.5 shadow-raised"
        >
          <Menu.Label className="border-b border-slate-100 px-3 pt-1.5 pb-2.5">
            <span className="block truncate text-sm font-semibold text-slate-900">
              {user.username}
            </span>
            <span className="block truncate text-xs text-slate-600">{user.email}</span>
          </Menu.Label>
          <Menu.Group className="pt-1.5">
            <MenuLink to="/profile" icon={Settings}>
              Profile Settings
            </MenuLink>
            {isAdminRole(user.role) ? (
              <MenuLink to="/admin" icon={ShieldCheck}>
                Admin Panel
              </MenuLink>
            ) : null}
            <MenuLink to="/orders" icon={Receipt}>
              Order History
            </MenuLink>
            <Menu.Item
              className={itemClass}
              aria-busy={downloading || undefined}
              onSelect={onDownload}
            >
              {downloading ? (
                <Loader2 aria-hidden="true" className="size-4 animate-spin" />
              ) : (
                <Download aria-hidden="true" className="size-4" />
              )}
              Download Software
            </Menu.Item>
            <MenuLink to="/downloads" icon={Layers}>
              Download Centre
            </MenuLink>
          </Menu.Group>
          <Menu.Separator className="my-1.5 h-px bg-slate-100" />
          <Menu.Item
            className={cn(itemClass, 'text-red-700 data-[highlighted]:bg-red-50')}
            onSelect={onSignOut}
          >
            <LogOut aria-hidden="true" className="size-4" />
            Sign Out
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
