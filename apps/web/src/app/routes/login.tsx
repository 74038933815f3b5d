/**
 * `/login` (requirements §2): sign-in form; follows a same-site `redirect` after sign-in. The form
 * (with react-hook-form) loads alongside this page, outside its first chunk.
 */
import { Suspense } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Container } from '../../components/ui/page';
import { Spinner } from '../../components/ui/spinner';
import { AuthCard } from '../../features/auth/components/auth-card';
import { AuthFormPlaceholder } from '../../features/auth/components/auth-form-placeholder';
import { useSession } from '../../lib/session';
import { safeRedirect, withRedirect } from '../../lib/redirect';
import { PUBLIC_PAGES } from '../../lib/public-pages';
import { usePageMeta } from '../../lib/use-document-title';
import { lazyNow } from '../../lib/lazy-now';

/** The sign-in form, fetched as this page loads. */
const LoginForm = lazyNow(() =>
  import('../../features/auth/components/login-form').then((m) => m.LoginForm),
);

/** The login page; a signed-in visitor is sent to the target at once (replace). */
export default function LoginRoute() {
  const { user, loading } = useSession();
  const [params] = useSearchParams();
  const rawRedirect = params.get('redirect');
  const target = safeRedirect(rawRedirect);
  usePageMeta(PUBLIC_PAGES.login);

  if (user) return <Navigate to={target} replace />;

  const registerHref =
    rawRedirect && target !== '/' ? withRedirect('/register', target) : '/register';
  return (
    <Container className="py-12 sm:py-16">
      {loading ? (
        <Spinner />
      ) : (
        <AuthCard
          title="Welcome back"
          description="Sign in to download the app and manage your subscription."
          footer={
            <>
              Don&rsquo;t have an account?{' '}
              <Link to={registerHref} className="font-semibold text-brand-700 hover:text-brand-800">
                Create one
              </Link>
            </>
          }
        >
          <Suspense fallback={<AuthFormPlaceholder fields={2} />}>
            <LoginForm />
          </Suspense>
        </AuthCard>
      )}
    </Container>
  );
}
