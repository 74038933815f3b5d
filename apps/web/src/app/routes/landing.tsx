/** `/`: hero, six features, how it works (requirements §1 and §2). */
import { useNavigate } from 'react-router';
import { useDownload } from '../../features/downloads/components/use-download';
import { DownloadHint } from '../../features/landing/components/download-hint';
import { FeatureGrid } from '../../features/landing/components/feature-grid';
import { Hero } from '../../features/landing/components/hero';
import { HowItWorks } from '../../features/landing/components/how-it-works';
import { activePlanName } from '../../features/plans/lib/active-plan';
import { useSession } from '../../lib/session';
import { useSiteConfig } from '../../lib/site-config';
import { PUBLIC_PAGES } from '../../lib/public-pages';
import { usePageMeta } from '../../lib/use-document-title';

/**
 * The landing page. A signed-out download click goes to /register (requirements §2); a hint under
 * the buttons says that a plan unlocks the download.
 */
export default function LandingRoute() {
  const { user } = useSession();
  const { productName } = useSiteConfig();
  const { download, downloading } = useDownload();
  const navigate = useNavigate();
  usePageMeta(PUBLIC_PAGES.home);

  return (
    <>
      <Hero
        productName={productName}
        signedIn={!!user}
        downloading={downloading}
        onDownload={() => download({ onSignedOut: () => void navigate('/register') })}
        hint={<DownloadHint signedIn={!!user} hasPlan={activePlanName(user) !== null} />}
      />
      <FeatureGrid />
      <HowItWorks />
    </>
  );
}
