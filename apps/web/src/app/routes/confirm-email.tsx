/** `/confirm-email?token=`: applies an e-mail change from the link sent to the new address. */
import { EmailLinkPage } from '../email-link-page';

/** The confirm-email page. */
export default function ConfirmEmailRoute() {
  return (
    <EmailLinkPage
      documentTitle="Confirm e-mail"
      title="Confirm your new e-mail address"
      kind="confirm"
      pendingLabel="Changing your e-mail address…"
      retryLabel="Update Email again from your profile"
    />
  );
}
