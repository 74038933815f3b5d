/**
 * The red banner's content (download-error-banner.tsx loads it with the first failure): the
 * failure's text, the way on where there is one (View Plans for 'Active subscription required to
 * download', the spec's message staying as it is; Choose a build, the download centre, when the
 * version has no build for this computer) and Dismiss. The 5 s pause while the pointer or the
 * focus is inside it (either one holds it), so its link and Dismiss can be reached.
 */
import { Link, useLocation } from 'react-router';
import { AlertCircle, ArrowRight, X } from 'lucide-react';
import { useDownload } from './use-download';

/** Label of the banner's way on when a plan is needed. */
export const VIEW_PLANS_LABEL = 'View Plans';
/** Label of the banner's way on when the version has no build for this computer. */
export const CHOOSE_BUILD_LABEL = 'Choose a build';

/** Renders the current download error, if any, with a dismiss button. */
export function DownloadErrorAlert() {
  const { error, wayOn, dismissError, holdError } = useDownload();
  const { pathname } = useLocation();
  if (!error) return null;
  const offer = wayOn && wayOn !== pathname ? wayOn : null;
  return (
    <div
      className="border-b border-red-200 bg-red-50"
      onPointerEnter={() => holdError('pointer', true)}
      onPointerLeave={() => holdError('pointer', false)}
      onFocus={() => holdError('focus', true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
          holdError('focus', false);
        }
      }}
    >
      <div
        role="alert"
        className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 text-sm font-medium text-red-800 sm:px-6 lg:px-8"
      >
        <AlertCircle aria-hidden="true" className="size-4 shrink-0" />
        <p className="min-w-0 flex-1">{error}</p>
        {offer ? (
          <Link
            to={offer}
            onClick={dismissError}
            className="inline-flex items-center gap-1 rounded-md bg-red-700 px-3 py-1.5 font-semibold text-white hover:bg-red-800"
          >
            {offer === '/plans' ? VIEW_PLANS_LABEL : CHOOSE_BUILD_LABEL}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        ) : null}
        <button
          type="button"
          onClick={dismissError}
          className="-m-1 rounded-md p-1 text-red-700 hover:bg-red-100"
          aria-label="Dismiss"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
    </div>
  );
}
