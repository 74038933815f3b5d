/**
 * The red banner at the top of the page that shows a download failure for 5 s (requirements §2).
 * Its content (download-error-alert.tsx) loads with the first failure, as toasts and dialogs do
 * (ADR 012), so no page's first chunk carries it.
 */
import { lazy, Suspense } from 'react';
import { useDownload } from './use-download';

/** The banner's content, loaded when a download first fails. */
const DownloadErrorAlert = lazy(() =>
  import('./download-error-alert').then((m) => ({ default: m.DownloadErrorAlert })),
);

/** Renders the current download error, if any, with its way on and a dismiss button. */
export function DownloadErrorBanner() {
  const { error } = useDownload();
  if (!error) return null;
  return (
    <Suspense fallback={null}>
      <DownloadErrorAlert />
    </Suspense>
  );
}
