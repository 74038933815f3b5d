/**
 * Site header (requirements §2): logo, Home/Plans/Changelog/Support, and either Login and Get
 * Started (signed out) or Download and the user menu (signed in). Below 768 px the links move
 * into a menu opened by a hamburger button. The user menu's code loads only for a signed-in user
 * (a public page renders signed out, on the server too), behind a stand-in of its button.
 */
import { Suspense, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Download, Loader2, Menu, X } from 'lucide-react';
import { preloadable } from '../../lib/lazy-now';
import { useLogout, useSession } from '../../lib/session';
import { useSiteConfig } from '../../lib/site-config';
import { buttonClasses } from '../ui/button';
import { cn } from '../ui/cn';
import { Container } from '../ui/page';
import { Logo } from './logo';
import { MAIN_NAV } from './nav-links';
import { UserMenuButtonPlaceholder, type StandInState } from './user-menu-button';

/**
 * The signed-in user's menu (Radix DropdownMenu), loaded when a user is signed in; main.tsx asks
 * for it at start when a session is stored, so the menu is usually there before the header shows
 * it, instead of its stand-in.
 */
const userMenu = preloadable(() => import('./user-menu').then((m) => m.UserMenu));
const UserMenu = userMenu.Component;

/** Loads the user menu's code ahead of the header's first signed-in render. */
export const preloadUserMenu = userMenu.preload;

const desktopLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'text-brand-700' : 'text-slate-700 hover:text-slate-900',
  );

const mobileLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    'block rounded-lg px-3 py-2.5 text-base font-medium',
    isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-800 hover:bg-slate-100',
  );

/** The header; `onDownload` starts a download of the latest version (useDownload). */
export function Header({
  onDownload,
  downloading,
}: {
  onDownload: () => void;
  downloading: boolean;
}) {
  const { user, loading } = useSession();
  const logout = useLogout();
  const { productName } = useSiteConfig();
  const [mobileOpen, setMobileOpen] = useState(false);
  /** The user menu's stand-in's focus and opening, for the menu to take over (a ref: no render). */
  const standIn = useRef<StandInState>({ focused: false, opening: null });
  const closeMobile = () => setMobileOpen(false);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <Container className="flex h-16 items-center gap-3">
        <Logo productName={productName} onClick={closeMobile} />
        <nav aria-label="Main" className="ml-6 hidden items-center gap-1 md:flex">
          {MAIN_NAV.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.to === '/'} className={desktopLink}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          {loading ? null : user ? (
            <>
              <button
                type="button"
                onClick={onDownload}
                aria-label="Download"
                aria-busy={downloading || undefined}
                className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'h-10' })}
              >
                {downloading ? (
                  <Loader2 aria-hidden="true" className="size-4 animate-spin" />
                ) : (
                  <Download aria-hidden="true" className="size-4" />
                )}
                <span className="hidden sm:inline">Download</span>
              </button>
              <Suspense fallback={<UserMenuButtonPlaceholder user={user} state={standIn} />}>
                <UserMenu
                  standIn={standIn}
                  user={user}
                  onDownload={onDownload}
                  onSignOut={logout}
                  downloading={downloading}
                />
              </Suspense>
            </>
          ) : (
            <>
              <Link to="/login" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
                Login
              </Link>
              <Link to="/register" className={buttonClasses({ size: 'sm' })}>
                Get Started
              </Link>
            </>
          )}
          <button
            type="button"
            className="inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 md:hidden"
            aria-label="Main menu"
            aria-expanded={mobileOpen}
            aria-controls="mobile-nav"
            onClick={() => setMobileOpen((v) => !v)}
          >
            {mobileOpen ? (
              <X aria-hidden="true" className="size-5" />
            ) : (
              <Menu aria-hidden="true" className="size-5" />
            )}
          </button>
        </div>
      </Container>
      {mobileOpen ? (
        <nav
          id="mobile-nav"
          aria-label="Mobile"
          className="border-t border-slate-200 bg-white md:hidden"
        >
          <Container className="space-y-1 py-3">
            {MAIN_NAV.map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                end={item.to === '/'}
                className={mobileLink}
                onClick={closeMobile}
              >
                {item.label}
              </NavLink>
            ))}
          </Container>
        </nav>
      ) : null}
    </header>
  );
}
