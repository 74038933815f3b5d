/** `/verify-email?token=`: confirms the address from the sign-up link. */
import { useSearchParams } from 'react-router';
import { Container } from '../../components/ui/page';
import { verifyEmail } from '../../features/account/api/email-confirmation';
import { EMAIL_LINK_ERRORS } from '../../features/account/api/texts';
import { EmailLinkStatus } from '../../features/account/components/email-link-status';
import { AuthCard } from '../../features/auth/components/auth-card';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The verify-email page. */
export default function VerifyEmailRoute() {
  const [params] = useSearchParams();
  useDocumentTitle('Verify e-mail');
  return (
    <Container className="py-12 sm:py-16">
      <AuthCard title="Confirm your e-mail address">
        <EmailLinkStatus
          token={params.get('token')}
          send={verifyEmail}
          fallback={EMAIL_LINK_ERRORS.verify}
          pendingLabel="Confirming your e-mail address…"
          retryLabel="Resend from your profile"
        />
      </AuthCard>
    </Container>
  );
}
