/**
 * "What's new": a compact card at the top of the download centre with the newest version's
 * release notes (title and summary from `GET /downloads/versions`), until the subscriber
 * dismisses it. The dismissal is kept per version in localStorage, so the next release shows
 * again. Storage is read through `useSyncExternalStore` with a server snapshot of "nothing
 * dismissed", so the first render is the same on the server and in the browser.
 */
import { useId, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { Sparkles, X } from 'lucide-react';
import type { DownloadVersion } from '@flockr/contract';
import { Card } from '../../../components/ui/card';

/** localStorage key holding the version whose notes were dismissed last. */
export const WHATS_NEW_DISMISSED_KEY = 'whats_new_dismissed';

/** Components showing the dismissed version, told when it changes in this tab. */
const listeners = new Set<() => void>();

/** Subscribes to changes of the dismissed version (this tab and others). */
function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  const onStorage = (event: StorageEvent) => {
    if (event.key === WHATS_NEW_DISMISSED_KEY || event.key === null) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** The dismissed version, or null (also when storage cannot be read). */
function readDismissed(): string | null {
  try {
    return window.localStorage.getItem(WHATS_NEW_DISMISSED_KEY);
  } catch {
    return null;
  }
}

/** Remembers that `version`'s notes were dismissed (kept for this tab when storage refuses). */
function dismiss(version: string): void {
  try {
    window.localStorage.setItem(WHATS_NEW_DISMISSED_KEY, version);
  } catch {
    // Private mode or full storage: the card comes back on the next visit.
  }
  for (const listener of listeners) listener();
}

/** The version whose notes were dismissed last, read hydration-safely. */
function useDismissedVersion(): string | null {
  return useSyncExternalStore(subscribe, readDismissed, () => null);
}

/**
 * The card for `version` (the newest), or nothing when it has no published notes or they were
 * dismissed. Dismiss hides it for this version only.
 */
export function WhatsNew({ version }: { version: DownloadVersion }) {
  const headingId = useId();
  const dismissed = useDismissedVersion();
  if (!version.notes || dismissed === version.version) return null;
  return (
    <Card className="border-brand-200! bg-brand-50/60">
      <section aria-labelledby={headingId} className="flex items-start gap-3 px-5 py-4 sm:px-6">
        <Sparkles aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
        <div className="min-w-0 flex-1 text-sm">
          <h2 id={headingId} className="font-semibold text-slate-900">
            What&apos;s new in {version.version}
          </h2>
          <p className="mt-1 font-medium text-slate-800">{version.notes.title}</p>
          {version.notes.summary ? (
            <p className="mt-1 line-clamp-3 text-slate-700">{version.notes.summary}</p>
          ) : null}
          <Link
            to="/changelog"
            className="mt-2 inline-block font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            Read the full changelog
          </Link>
        </div>
        <button
          type="button"
          onClick={() => dismiss(version.version)}
          className="-m-1 shrink-0 rounded-md p-1 text-slate-500 hover:bg-white/70 hover:text-slate-800"
        >
          <X aria-hidden="true" className="size-5" />
          <span className="sr-only">Dismiss what&apos;s new in {version.version}</span>
        </button>
      </section>
    </Card>
  );
}
