/** `/changelog` (requirements §2). */
import { Container, PageHeader } from '../../components/ui/page';
import { ChangelogList } from '../../features/changelog/components/changelog-list';
import { useSiteConfig } from '../../lib/site-config';
import { PUBLIC_PAGES } from '../../lib/public-pages';
import { usePageMeta } from '../../lib/use-document-title';

/** The public changelog page. */
export default function ChangelogRoute() {
  const { productName } = useSiteConfig();
  usePageMeta(PUBLIC_PAGES.changelog);
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
