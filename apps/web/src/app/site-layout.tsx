/**
 * Layout of every site page: skip link, test-mode banner, header, e-mail verification banner,
 * download error banner, main, footer.
 */
import { Outlet } from 'react-router';
import { Footer } from '../components/layout/footer';
import { Header } from '../components/layout/header';
import { TestModeBanner } from '../components/layout/test-mode-banner';
import { VerificationBanner } from '../features/account/components/verification-banner';
import { DownloadErrorBanner } from '../features/downloads/components/download-error-banner';
import { useDownload } from '../features/downloads/components/use-download';

/** Wraps site routes (not the sandbox checkout, which is a "third-party" page). */
export function SiteLayout() {
  const { download, downloading } = useDownload();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <TestModeBanner />
      <Header onDownload={() => download()} downloading={downloading} />
      <VerificationBanner />
      <div className="sticky top-16 z-30">
        <DownloadErrorBanner />
      </div>
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
