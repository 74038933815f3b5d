/** `/terms`. */
import { SellerIdentity } from '../../components/layout/seller-identity';
import { Container } from '../../components/ui/page';
import { TermsOfService } from '../../features/legal/components/terms-of-service';
import { useSiteConfig } from '../../lib/site-config';
import { PUBLIC_PAGES } from '../../lib/public-pages';
import { usePageMeta } from '../../lib/use-document-title';

/** The terms of service page. */
export default function TermsRoute() {
  const { config, productName } = useSiteConfig();
  usePageMeta(PUBLIC_PAGES.terms);
  return (
    <Container className="py-10 sm:py-14">
      <TermsOfService productName={productName} config={config} />
      <section aria-label="Seller" className="mx-auto mt-6 max-w-3xl px-6 sm:px-10">
        <SellerIdentity config={config} />
      </section>
    </Container>
  );
}
