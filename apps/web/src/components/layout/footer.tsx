/** Site footer (requirements §2): /plans, /support, /changelog, /#features, /privacy, /terms. */
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
        {FOOTER_COLUMNS.map((column) => (
          <FooterLinks key={column.label} {...column} />
        ))}
      </Container>
      <div className="border-t border-slate-100">
        <Container className="py-5 text-xs text-slate-600">
          © {year} {productName}. All rights reserved.
        </Container>
      </div>
    </footer>
  );
}

/** The footer's link columns (requirements §2: /plans, /support, /changelog, #features, legal). */
const FOOTER_COLUMNS: { label: string; title: string; links: [string, string][] }[] = [
  {
    label: 'Product',
    title: 'Product',
    links: [
      ['/#features', 'Features'],
      ['/plans', 'Plans'],
      ['/changelog', 'Changelog'],
    ],
  },
  {
    label: 'Help and legal',
    title: 'Help & legal',
    links: [
      ['/support', 'Support'],
      ['/privacy', 'Privacy Policy'],
      ['/terms', 'Terms of Service'],
    ],
  },
];

/** One titled column of footer links (`[path, text]` pairs). */
function FooterLinks({
  label,
  title,
  links,
}: {
  label: string;
  title: string;
  links: [string, string][];
}) {
  return (
    <nav aria-label={label}>
      <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
      <ul className="mt-3 space-y-2">
        {links.map(([to, text]) => (
          <li key={to}>
            <Link to={to} className={linkClass}>
              {text}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
