/** Site footer (spec section 2): /plans, /support, /changelog, /#features, /privacy, /terms. */
import { Link } from 'react-router';
import { useSiteConfig } from '../../lib/site-config';
import { Container } from '../ui/page';
import { LogoMark } from './logo';

const linkClass = 'text-sm text-slate-600 hover:text-slate-900';

/** The footer with product, support and legal links. */
export function Footer() {
  const { productName } = useSiteConfig();
  const year = new Date().getFullYear();
  return (
    <footer className="mt-auto border-t border-slate-200 bg-white">
      <Container className="grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="lg:col-span-2">
          <div className="flex items-center gap-2 text-lg font-bold text-slate-900">
            <LogoMark className="size-7" />
            {productName}
          </div>
          <p className="mt-3 max-w-sm text-sm text-slate-600">
            Grow your Twitter audience on autopilot with a desktop app that engages the right people
            while you focus on your content.
          </p>
        </div>
        <nav aria-label="Product">
          <h2 className="text-sm font-semibold text-slate-900">Product</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <Link to="/#features" className={linkClass}>
                Features
              </Link>
            </li>
            <li>
              <Link to="/plans" className={linkClass}>
                Plans
              </Link>
            </li>
            <li>
              <Link to="/changelog" className={linkClass}>
                Changelog
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Help and legal">
          <h2 className="text-sm font-semibold text-slate-900">Help &amp; legal</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <Link to="/support" className={linkClass}>
                Support
              </Link>
            </li>
            <li>
              <Link to="/privacy" className={linkClass}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/terms" className={linkClass}>
                Terms of Service
              </Link>
            </li>
          </ul>
        </nav>
      </Container>
      <div className="border-t border-slate-100">
        <Container className="py-5 text-xs text-slate-600">
          © {year} {productName}. All rights reserved.
        </Container>
      </div>
    </footer>
  );
}
