/**
 * Slim banner under the site header for a signed-in user whose e-mail address is not confirmed,
 * with a Resend email button. Its content (verification-banner-content.tsx, with the resend call)
 * loads only for such a user: public pages render signed out, so their first chunk holds only
 * this check.
 */
import { lazy, Suspense } from 'react';
import { useSession } from '../../../lib/session';

/** The banner's content, loaded when a signed-in user's address needs confirming. */
const VerificationBannerContent = lazy(() =>
  import('./verification-banner-content').then((m) => ({ default: m.VerificationBannerContent })),
);

/**
 * The banner's place while its content loads: the same strip (one line of text and the 32 px
 * button, 45 px in all), so the page does not jump down under a reader's finger when it arrives.
 */
function VerificationBannerPlaceholder() {
  return <div aria-hidden="true" className="h-[45px] border-b border-amber-200 bg-amber-50" />;
}

/** The banner, or nothing when signed out or when the address is already confirmed. */
export function VerificationBanner() {
  const { user } = useSession();
  if (!user || user.email_verified) return null;
  return (
    <Suspense fallback={<VerificationBannerPlaceholder />}>
      <VerificationBannerContent email={user.email} />
    </Suspense>
  );
}
