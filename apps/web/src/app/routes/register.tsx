/**
 * `/register` (spec section 2): registration form; on success a Welcome screen, then after
 * REGISTRATION_REDIRECT_DELAY_MS the (same-site) redirect target or /.
 */
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { PartyPopper } from 'lucide-react';
import { REGISTRATION_REDIRECT_DELAY_MS, type User } from '@flockr/contract';
import { MessageCard } from '../../components/ui/card';
import { Container } from '../../components/ui/page';
import { Spinner } from '../../components/ui/spinner';
import { AuthCard } from '../../features/auth/components/auth-card';
import { RegisterForm } from '../../features/auth/components/register-form';
import { useSession } from '../../lib/session';
import { safeRedirect, withRedirect } from '../../lib/redirect';
import { useSiteConfig } from '../../lib/site-config';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The Welcome screen shown between sign-up and the redirect. */
export function WelcomeScreen({
  productName,
  username,
}: {
  productName: string;
  username: string;
}) {
  return (
    <MessageCard
      icon={PartyPopper}
      tone="success"
      title={`Welcome to ${productName}, ${username}!`}
    >
      <p role="status" className="mt-2 text-slate-600">
        Your account is ready. Taking you there now…
      </p>
    </MessageCard>
  );
}

/** The register page. */
export default function RegisterRoute() {
  const { user, loading } = useSession();
  const { productName } = useSiteConfig();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const rawRedirect = params.get('redirect');
  const target = safeRedirect(rawRedirect);
  const [submitted, setSubmitted] = useState(false);
  const [welcomed, setWelcomed] = useState<User | null>(null);
  useDocumentTitle(welcomed ? 'Welcome' : 'Create account');

  useEffect(() => {
    if (!welcomed) return;
    const timer = setTimeout(
      () => void navigate(target, { replace: true }),
      REGISTRATION_REDIRECT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [welcomed, navigate, target]);

  // A visitor who was already signed in does not need this page.
  if (user && !submitted) return <Navigate to={target} replace />;

  const loginHref = rawRedirect && target !== '/' ? withRedirect('/login', target) : '/login';
  return (
    <Container className="py-12 sm:py-16">
      {welcomed ? (
        <WelcomeScreen productName={productName} username={welcomed.username} />
      ) : loading ? (
        <Spinner />
      ) : (
        <AuthCard
          title="Create your account"
          description={`Start growing with ${productName} in minutes.`}
          footer={
            <>
              Already have an account?{' '}
              <Link to={loginHref} className="font-semibold text-brand-700 hover:text-brand-800">
                Sign in
              </Link>
            </>
          }
        >
          <RegisterForm onSubmitting={() => setSubmitted(true)} onRegistered={setWelcomed} />
        </AuthCard>
      )}
    </Container>
  );
}
