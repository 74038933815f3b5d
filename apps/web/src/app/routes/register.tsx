/**
 * `/register` (requirements §2): registration form; on success a Welcome screen, then after
 * REGISTRATION_REDIRECT_DELAY_MS the (same-site) redirect target, or /plans without one (where a
 * new customer can act). A target carrying a plan choice (`/plans?plan=…&period=…`) continues to
 * that checkout there. The form (with react-hook-form) loads alongside this page, outside its
 * first chunk.
 */
import { Suspense, useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { PartyPopper } from 'lucide-react';
import { REGISTRATION_REDIRECT_DELAY_MS, type User } from '@flockr/contract';
import { MessageCard } from '../../components/ui/card';
import { Container } from '../../components/ui/page';
import { Spinner } from '../../components/ui/spinner';
import { AuthCard } from '../../features/auth/components/auth-card';
import { AuthFormPlaceholder } from '../../features/auth/components/auth-form-placeholder';
import { useSession } from '../../lib/session';
import { safeRedirect, withRedirect } from '../../lib/redirect';
import { useSiteConfig } from '../../lib/site-config';
import { PUBLIC_PAGES } from '../../lib/public-pages';
import { usePageMeta } from '../../lib/use-document-title';
import { planChoiceLabel, planChoiceOfPath } from '../../features/plans/lib/plan-choice';
import { lazyNow } from '../../lib/lazy-now';

/** The registration form, fetched as this page loads. */
const RegisterForm = lazyNow(() =>
  import('../../features/auth/components/register-form').then((m) => m.RegisterForm),
);

/** Where a new account goes when the sign-up link named no target: the plans. */
export const AFTER_SIGN_UP_PATH = '/plans';

/** The Welcome screen's sentence about what comes next, for the redirect `target`. */
export function welcomeNextText(target: string): string {
  const choice = planChoiceOfPath(target);
  if (choice)
    return `Your account is ready. Taking you to the checkout for ${planChoiceLabel(choice)}…`;
  if (new URL(target, 'http://same.site').pathname === '/plans') {
    return 'Your account is ready. Next, choose the plan that unlocks the download…';
  }
  return 'Your account is ready. Taking you there now…';
}

/**
 * The Welcome screen shown between sign-up and the redirect; it scrolls the page to its heading
 * (the long form it replaces may have left a phone scrolled down) and says what comes next.
 */
export function WelcomeScreen({
  productName,
  username,
  target = AFTER_SIGN_UP_PATH,
}: {
  productName: string;
  username: string;
  target?: string;
}) {
  return (
    <MessageCard
      icon={PartyPopper}
      tone="success"
      title={`Welcome to ${productName}, ${username}!`}
      focusOnShow
    >
      <p role="status" className="mt-2 text-slate-600">
        {welcomeNextText(target)}
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
  const asked = safeRedirect(rawRedirect, '');
  const target = asked || AFTER_SIGN_UP_PATH;
  const [submitted, setSubmitted] = useState(false);
  const [welcomed, setWelcomed] = useState<User | null>(null);
  usePageMeta(PUBLIC_PAGES.register, welcomed ? 'Welcome' : PUBLIC_PAGES.register.title);

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

  const loginHref = asked && asked !== '/' ? withRedirect('/login', asked) : '/login';
  return (
    <Container className="py-12 sm:py-16">
      {welcomed ? (
        <WelcomeScreen productName={productName} username={welcomed.username} target={target} />
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
          <Suspense fallback={<AuthFormPlaceholder fields={4} />}>
            <RegisterForm onSubmitting={() => setSubmitted(true)} onRegistered={setWelcomed} />
          </Suspense>
        </AuthCard>
      )}
    </Container>
  );
}
