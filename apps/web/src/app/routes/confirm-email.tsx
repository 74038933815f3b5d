/** `/confirm-email?token=`: applies an e-mail change from the link sent to the new address. */
import { useSearchParams } from 'react-router';
import { Container } from '../../components/ui/page';
import { confirmEmailChange } from '../../features/account/api/email-confirmation';
import { EMAIL_LINK_ERRORS } from '../../features/account/api/texts';
import { EmailLinkStatus } from '../../features/account/components/email-link-status';
import { AuthCard } from '../../features/auth/components/auth-card';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The confirm-email page. */
export default function ConfirmEmailRoute() {
  const [params] = useSearchParams();
  useDocumentTitle('Confirm e-mail');
  return (
    <Container className="py-12 sm:py-16">
      <AuthCard title="Confirm your new e-mail address">
        <EmailLinkStatus
          token={params.get('token')}
          send={confirmEmailChange}
          fallback={EMAIL_LINK_ERRORS.confirm}
          pendingLabel="Changing your e-mail address…"
          retryLabel="Update Email again from your profile"
        />
      </AuthCard>
    </Container>
  );
}
