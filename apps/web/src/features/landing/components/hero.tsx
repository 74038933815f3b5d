/** Landing hero (requirements §2): Download Now (signed in) or Get Started, and View Pricing. */
import { Link } from 'react-router';
import { ArrowRight, Download, Loader2 } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { Container } from '../../../components/ui/page';

/** Primary call to action: a download button when signed in, a link to /register otherwise. */
export function PrimaryCta({
  signedIn,
  onDownload,
  downloading,
}: {
  signedIn: boolean;
  onDownload: () => void;
  downloading: boolean;
}) {
  return signedIn ? (
    <button
      type="button"
      onClick={onDownload}
      aria-busy={downloading || undefined}
      className={buttonClasses({ size: 'lg' })}
    >
      {downloading ? (
        <Loader2 aria-hidden="true" className="size-5 animate-spin" />
      ) : (
        <Download aria-hidden="true" className="size-5" />
      )}
      Download Now
    </button>
  ) : (
    <Link to="/register" className={buttonClasses({ size: 'lg' })}>
      Get Started
      <ArrowRight aria-hidden="true" className="size-5" />
    </Link>
  );
}

/** The hero section with the page's h1; `hint` shows under the buttons (the download hint). */
export function Hero({
  productName,
  signedIn,
  onDownload,
  downloading,
  hint,
}: {
  productName: string;
  signedIn: boolean;
  onDownload: () => void;
  downloading: boolean;
  hint?: React.ReactNode;
}) {
  return (
    <section className="relative overflow-hidden bg-white">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 -top-40 h-[36rem] bg-[radial-gradient(ellipse_at_top,var(--color-brand-100),transparent_60%)]"
      />
      <Container className="relative py-20 text-center sm:py-28">
        <p className="mx-auto inline-flex items-center gap-2 rounded-full border border-brand-200 bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800">
          Twitter growth on autopilot
        </p>
        <h1 className="mx-auto mt-6 max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-6xl">
          Grow your audience while you sleep
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600">
          {productName} is a desktop app that finds the right people, engages with them on your
          behalf and turns them into followers, with safety limits that keep your account healthy.
        </p>
        <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <PrimaryCta signedIn={signedIn} onDownload={onDownload} downloading={downloading} />
          <Link to="/plans" className={buttonClasses({ variant: 'outline', size: 'lg' })}>
            View Pricing
          </Link>
        </div>
        {hint}
        <p className="mt-6 text-sm text-slate-600">Windows and macOS · No automatic renewal</p>
      </Container>
    </section>
  );
}
