/**
 * Who sells the product and whether prices include tax (site configuration: `seller`,
 * `prices_include_tax`; README "Configuration"), shown where people pay — plans, checkout,
 * payment page — and on the legal pages. Renders nothing until the configuration has loaded.
 */
import { soldBy, taxNote, type SiteConfig } from '@flockr/contract';
import { cn } from '../ui/cn';

/**
 * The seller's legal name and address, the support e-mail as a link and, unless `withTax` is
 * false, the tax sentence, as one small `<address>` block.
 */
export function SellerIdentity({
  config,
  withTax = true,
  className,
}: {
  config: SiteConfig | undefined;
  withTax?: boolean;
  className?: string;
}) {
  if (!config) return null;
  const { seller } = config;
  return (
    <address className={cn('text-sm not-italic text-slate-600', className)}>
      <span>{soldBy(seller)}.</span>{' '}
      <span>
        Questions:{' '}
        <a
          href={`mailto:${seller.support_email}`}
          className="font-medium text-brand-800 underline underline-offset-2"
        >
          {seller.support_email}
        </a>
        .
      </span>
      {withTax ? <span> {taxNote(config.prices_include_tax)}</span> : null}
    </address>
  );
}
