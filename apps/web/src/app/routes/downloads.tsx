/**
 * `/downloads`: the download centre (requirements §1, "download the latest or a specific
 * version"; signed-in users, see guards.tsx).
 */
import { Container, PageHeader } from '../../components/ui/page';
import { DownloadCentre } from '../../features/downloads/components/download-centre';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The download centre page. */
export default function DownloadsRoute() {
  useDocumentTitle('Download Centre');
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader
        title="Download Centre"
        description="Every version your subscription includes, with its release notes and checksum. The latest is recommended; earlier ones stay here if you need them."
      />
      <DownloadCentre />
    </Container>
  );
}
