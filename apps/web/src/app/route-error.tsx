/** The app's error page: shown when a page fails to load or throws while rendering (router.tsx). */
import type { FallbackProps } from 'react-error-boundary';
import { Link } from 'react-router';
import { buttonClasses } from '../components/ui/button';

/**
 * A plain page (no providers are guaranteed here) with reload and home actions; `error` is what
 * the page threw, its message shown in small print.
 */
export function RouteError({ error }: Pick<FallbackProps, 'error'>) {
  const message = error instanceof Error ? error.message : 'Unknown error';
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-6">
      <div className="max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-card">
        <h1 className="text-2xl font-bold text-slate-900">Something went wrong</h1>
        <p className="mt-2 text-slate-600">The page could not be shown. Please try again.</p>
        <p className="mt-4 rounded-md bg-slate-50 p-2 font-mono text-xs text-slate-600">
          {message}
        </p>
        <div className="mt-6 flex justify-center gap-3">
          <button
            type="button"
            className={buttonClasses()}
            onClick={() => window.location.reload()}
          >
            Reload
          </button>
          <Link to="/" className={buttonClasses({ variant: 'outline' })} reloadDocument>
            Home
          </Link>
        </div>
      </div>
    </main>
  );
}

/** Shown while the first page's code loads (before any provider renders). */
export function PageLoading() {
  return (
    <div role="status" className="flex min-h-screen items-center justify-center bg-slate-50">
      <span className="size-8 animate-spin rounded-full border-2 border-brand-200 border-t-brand-600" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
