/** `/verify-email?token=`: confirms the address from the sign-up link. */
import { EmailLinkPage } from '../email-link-page';

/** The verify-email page. */
export default function VerifyEmailRoute() {
  return (
    <EmailLinkPage
      documentTitle="Verify e-mail"
      title="Confirm your e-mail address"
      kind="verify"
      pendingLabel="Confirming your e-mail address…"
      retryLabel="Resend from your profile"
    />
  );
}
