/** `/forgot-password`: request a password reset link. */
import { Link } from 'react-router';
import { Container } from '../../components/ui/page';
import { AuthCard } from '../../features/auth/components/auth-card';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The forgot-password page. */
export default function ForgotPasswordRoute() {
  useDocumentTitle('Forgot password');
  return (
    <Container className="py-12 sm:py-16">
      <AuthCard
        title="Forgot your password?"
        description="Enter your account's email and we'll send you a link to choose a new one."
        footer={
          <Link to="/login" className="font-semibold text-brand-700 hover:text-brand-800">
            Back to sign in
          </Link>
        }
      >
        <ForgotPasswordForm />
      </AuthCard>
    </Container>
  );
}
