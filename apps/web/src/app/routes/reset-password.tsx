/** `/reset-password?token=`: choose a new password. */
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Container } from '../../components/ui/page';
import { RESET_TOKEN_MISSING_TEXT } from '../../features/auth/api/texts';
import { AuthCard } from '../../features/auth/components/auth-card';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The reset-password page; without a token it explains the link is incomplete. */
export default function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const token = params.get('token');
  useDocumentTitle('Reset password');
  return (
    <Container className="py-12 sm:py-16">
      <AuthCard
        title="Choose a new password"
        footer={
          <Link to="/login" className="font-semibold text-brand-700 hover:text-brand-800">
            Back to sign in
          </Link>
        }
      >
        {token ? (
          <ResetPasswordForm token={token} />
        ) : (
          <div className="space-y-4">
            <Alert variant="error">{RESET_TOKEN_MISSING_TEXT}</Alert>
            <Link
              to="/forgot-password"
              className="block text-center text-sm font-semibold text-brand-700 hover:text-brand-800"
            >
              Request a new link
            </Link>
          </div>
        )}
      </AuthCard>
    </Container>
  );
}
