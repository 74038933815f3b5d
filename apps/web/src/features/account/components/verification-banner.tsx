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

/** The banner, or nothing when signed out or when the address is already confirmed. */
export function VerificationBanner() {
  const { user } = useSession();
  if (!user || user.email_verified) return null;
  return (
    <Suspense fallback={null}>
      <VerificationBannerContent email={user.email} />
    </Suspense>
  );
}
