/** `/privacy`. */
import { SellerIdentity } from '../../components/layout/seller-identity';
import { Container } from '../../components/ui/page';
import { PrivacyPolicy } from '../../features/legal/components/privacy-policy';
import { useSiteConfig } from '../../lib/site-config';
import { PUBLIC_PAGES } from '../../lib/public-pages';
import { usePageMeta } from '../../lib/use-document-title';

/** The privacy policy page. */
export default function PrivacyRoute() {
  const { config, productName } = useSiteConfig();
  usePageMeta(PUBLIC_PAGES.privacy);
  return (
    <Container className="py-10 sm:py-14">
      <PrivacyPolicy productName={productName} config={config} />
      <section aria-label="Seller" className="mx-auto mt-6 max-w-3xl px-6 sm:px-10">
        <SellerIdentity config={config} />
      </section>
    </Container>
  );
}
