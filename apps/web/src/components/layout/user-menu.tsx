/**
 * The signed-in user's menu (spec section 2): Profile Settings, Admin Panel (admins only), Order
 * History, Download Software and Sign Out. Menu-button pattern of the WAI-ARIA Authoring
 * Practices: arrow keys move, Home/End jump, Escape closes and returns focus to the button.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import {
  ChevronDown,
  Download,
  Loader2,
  LogOut,
  Receipt,
  Settings,
  ShieldCheck,
} from 'lucide-react';
import { isAdminRole, type User } from '@flockr/contract';
import { cn } from '../ui/cn';

const itemClass =
  'flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm text-slate-700 ' +
  'outline-none hover:bg-slate-100 hover:text-slate-900 focus:bg-brand-50 focus:text-brand-800 ' +
  'focus-visible:outline-none disabled:opacity-60';

/** The user menu button and its popup; `onDownload` and `onSignOut` run from their items. */
export function UserMenu({
  user,
  onDownload,
  onSignOut,
  downloading,
}: {
  user: User;
  onDownload: () => void;
  onSignOut: () => void;
  downloading: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [focusOnOpen, setFocusOnOpen] = useState<'first' | 'last'>('first');
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const buttonId = useId();

  const items = () => [
    ...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
  ];

  useEffect(() => {
    if (!open) return;
    const list = items();
    (focusOnOpen === 'last' ? list[list.length - 1] : list[0])?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target))
        setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, focusOnOpen]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setFocusOnOpen(event.key === 'ArrowUp' ? 'last' : 'first');
      setOpen(true);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => list[(i + list.length) % list.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(list.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  };

  const initial = user.username.slice(0, 1).toUpperCase();

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => {
          setFocusOnOpen('first');
          setOpen((v) => !v);
        }}
        onKeyDown={onButtonKeyDown}
        className="flex h-10 items-center gap-2 rounded-full border border-slate-200 bg-white py-1 pr-2.5 pl-1 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50"
      >
        <span
          aria-hidden="true"
          className="flex size-7 items-center justify-center rounded-full bg-brand-600 text-xs font-bold text-white"
        >
          {initial}
        </span>
        <span className="sr-only sm:not-sr-only sm:max-w-[7rem] sm:truncate">{user.username}</span>
        <ChevronDown
          aria-hidden="true"
          className={cn('size-4 text-slate-500 transition-transform', open && 'rotate-180')}
        />
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 z-50 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-1.5 shadow-raised"
        >
          <div role="none" className="border-b border-slate-100 px-3 pt-1.5 pb-2.5">
            <p className="truncate text-sm font-semibold text-slate-900">{user.username}</p>
            <p className="truncate text-xs text-slate-600">{user.email}</p>
          </div>
          <div role="none" className="pt-1.5">
            <Link
              role="menuitem"
              tabIndex={-1}
              to="/profile"
              className={itemClass}
              onClick={() => close(false)}
            >
              <Settings aria-hidden="true" className="size-4" />
              Profile Settings
            </Link>
            {isAdminRole(user.role) ? (
              <Link
                role="menuitem"
                tabIndex={-1}
                to="/admin"
                className={itemClass}
                onClick={() => close(false)}
              >
                <ShieldCheck aria-hidden="true" className="size-4" />
                Admin Panel
              </Link>
            ) : null}
            <Link
              role="menuitem"
              tabIndex={-1}
              to="/orders"
              className={itemClass}
              onClick={() => close(false)}
            >
              <Receipt aria-hidden="true" className="size-4" />
              Order History
            </Link>
            <button
              role="menuitem"
              tabIndex={-1}
              type="button"
              className={itemClass}
              aria-busy={downloading || undefined}
              onClick={() => {
                close(true);
                onDownload();
              }}
            >
              {downloading ? (
                <Loader2 aria-hidden="true" className="size-4 animate-spin" />
              ) : (
                <Download aria-hidden="true" className="size-4" />
              )}
              Download Software
            </button>
          </div>
          <div role="none" className="mt-1.5 border-t border-slate-100 pt-1.5">
            <button
              role="menuitem"
              tabIndex={-1}
              type="button"
              className={cn(itemClass, 'text-red-700 hover:bg-red-50 hover:text-red-800')}
              onClick={() => {
                setOpen(false);
                onSignOut();
              }}
            >
              <LogOut aria-hidden="true" className="size-4" />
              Sign Out
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
