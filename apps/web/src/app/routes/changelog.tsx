/** `/changelog` (spec section 2). */
import { Container, PageHeader } from '../../components/ui/page';
import { ChangelogList } from '../../features/changelog/components/changelog-list';
import { useSiteConfig } from '../../lib/site-config';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The public changelog page. */
export default function ChangelogRoute() {
  const { productName } = useSiteConfig();
  useDocumentTitle('Changelog');
  return (
    <Container className="max-w-3xl py-10 sm:py-14">
      <PageHeader
        title="Changelog"
        description={`New features, improvements and fixes in every ${productName} release.`}
      />
      <ChangelogList />
    </Container>
  );
}
