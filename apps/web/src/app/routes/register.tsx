/**
 * `/register` (spec section 2): registration form; on success a Welcome screen, then after
 * REGISTRATION_REDIRECT_DELAY_MS the (same-site) redirect target or /.
 */
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { PartyPopper } from 'lucide-react';
import { REGISTRATION_REDIRECT_DELAY_MS, type User } from '@flockr/contract';
import { Card } from '../../components/ui/card';
import { Container } from '../../components/ui/page';
import { Spinner } from '../../components/ui/spinner';
import { AuthCard } from '../../features/auth/components/auth-card';
import { RegisterForm } from '../../features/auth/components/register-form';
import { useAuth } from '../../lib/auth';
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
    <Card className="mx-auto max-w-md px-6 py-12 text-center">
      <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
        <PartyPopper aria-hidden="true" className="size-7" />
      </div>
      <h1 className="mt-5 text-2xl font-bold text-slate-900">
        Welcome to {productName}, {username}!
      </h1>
      <p role="status" className="mt-2 text-slate-600">
        Your account is ready. Taking you there now…
      </p>
    </Card>
  );
}

/** The register page. */
export default function RegisterRoute() {
  const { user, loading } = useAuth();
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
                Log in
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
