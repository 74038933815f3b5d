/** The red banner at the top of the page that shows a download failure for 5 s (spec section 2). */
import { AlertCircle, X } from 'lucide-react';
import { useDownload } from './use-download';

/** Renders the current download error, if any, with a dismiss button. */
export function DownloadErrorBanner() {
  const { error, dismissError } = useDownload();
  if (!error) return null;
  return (
    <div className="border-b border-red-200 bg-red-50">
      <div
        role="alert"
        className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-3 text-sm font-medium text-red-800 sm:px-6 lg:px-8"
      >
        <AlertCircle aria-hidden="true" className="size-4 shrink-0" />
        <p className="flex-1">{error}</p>
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
