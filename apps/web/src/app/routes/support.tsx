/** `/support` (requirements §2). */
import { Container, PageHeader } from '../../components/ui/page';
import { SupportView } from '../../features/support/components/support-view';
import { useSiteConfig } from '../../lib/site-config';
import { PUBLIC_PAGES } from '../../lib/public-pages';
import { usePageMeta } from '../../lib/use-document-title';

/** The support page. */
export default function SupportRoute() {
  const { config } = useSiteConfig();
  usePageMeta(PUBLIC_PAGES.support);
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader
        title="Support"
        description="Questions about your subscription, payments or the app? We're here to help."
      />
      <SupportView config={config} />
    </Container>
  );
}
