/**
 * The admin's own shell (requirements §2, `/admin`): a compact bar with the product mark, the
 * signed-in admin, View site and Sign Out — no marketing navigation, no footer, no buyer
 * Download button — and the full width of the screen for the panel (its sections sit in a
 * sidebar on a computer and in a tab strip on a phone: admin-view.tsx). Loaded by
 * admin-layout.tsx for an admin only.
 */
import { Link, Outlet } from 'react-router';
import { ExternalLink, LogOut } from 'lucide-react';
import { LogoMark } from '../components/layout/logo';
import { TestModeBanner } from '../components/layout/test-mode-banner';
import { buttonClasses } from '../components/ui/button';
import { VerificationBanner } from '../features/account/components/verification-banner';
import { useLogout, useSession } from '../lib/session';
import { useSiteConfig } from '../lib/site-config';

/**
 * The admin shell: skip link, test-mode banner, admin bar, e-mail verification banner,
 * full-width main.
 */
export function AdminLayout() {
  const { user } = useSession();
  const logout = useLogout();
  const { productName } = useSiteConfig();
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <TestModeBanner />
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
        <div className="flex h-14 items-center gap-3 px-4 sm:px-6 lg:px-8">
          <Link
            to="/admin"
            className="flex min-w-0 items-center gap-2 rounded-lg text-base font-bold tracking-tight text-slate-900"
          >
            <LogoMark className="size-7" />
            <span className="truncate">{productName}</span>
            <span className="rounded bg-slate-900 px-1.5 py-0.5 text-xs font-semibold tracking-wide text-white uppercase">
              Admin
            </span>
          </Link>
          <div className="ml-auto flex items-center gap-1 sm:gap-2">
            {user ? (
              <span
                className="hidden max-w-[14rem] truncate text-sm text-slate-600 md:inline"
                title={user.email}
              >
                {user.username}
              </span>
            ) : null}
            <Link to="/" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
              <ExternalLink aria-hidden="true" className="size-4" />
              <span className="max-sm:sr-only">View site</span>
            </Link>
            <button
              type="button"
              onClick={logout}
              className={buttonClasses({ variant: 'ghost', size: 'sm' })}
            >
              <LogOut aria-hidden="true" className="size-4" />
              <span className="max-sm:sr-only">Sign Out</span>
            </button>
          </div>
        </div>
      </header>
      <VerificationBanner />
      <main id="main" tabIndex={-1} className="flex min-w-0 flex-1 flex-col outline-none">
        <Outlet />
      </main>
    </div>
  );
}
