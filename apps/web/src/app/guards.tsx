/**
 * Layout routes that guard pages once (requirements §2 and §6): signed-in pages show the spec's
 * Access Denied text to visitors and invite them to sign in (Go to Login, or create an account),
 * coming back to the page afterwards; the admin
 * panel shows its Access Denied with Go to Home to everyone but ADMIN and SUPER_ADMIN. The
 * guarded page reads the user with `useSignedInUser` (lib/signed-in-user.ts). The server enforces the same rules on
 * every call; this only decides what the screen shows. The Access Denied page's code loads when
 * it is shown (never on a public page).
 */
import { lazy, Suspense, type ComponentProps } from 'react';
import { Outlet, useLocation } from 'react-router';
import { CLIENT_ERRORS, isAdminRole } from '@flockr/contract';
import type { AccessDenied as AccessDeniedPage } from '../components/ui/access-denied';
import { Container } from '../components/ui/page';
import { withRedirect } from '../lib/redirect';
import { useSession } from '../lib/session';

/** The sentence inviting a signed-out visitor to sign in and come back. */
export const SIGN_IN_INVITE = 'Sign in and we will bring you straight back to this page.';

/** The Access Denied message, loaded when it is shown. */
const AccessDenied = lazy(() =>
  import('../components/ui/access-denied').then((m) => ({ default: m.AccessDenied })),
);

/** The Access Denied page. */
function Denied(props: ComponentProps<typeof AccessDeniedPage>) {
  return (
    <Container className="py-10 sm:py-14">
      <Suspense fallback={null}>
        <AccessDenied {...props} />
      </Suspense>
    </Container>
  );
}

/** Renders the child route for a signed-in user; Access Denied with `denied` otherwise. */
export function SignedInOnly({ denied }: { denied: string }) {
  const { user } = useSession();
  const location = useLocation();
  if (!user) {
    const back = `${location.pathname}${location.search}`;
    return (
      <Denied
        message={denied}
        actionLabel="Go to Login"
        actionTo={withRedirect('/login', back)}
        invite={SIGN_IN_INVITE}
        secondary={{ label: 'Create an account', to: withRedirect('/register', back) }}
      />
    );
  }
  return <Outlet context={user} />;
}

/** Renders the child route for ADMIN and SUPER_ADMIN; Access Denied with Go to Home otherwise. */
export function AdminOnly() {
  const { user } = useSession();
  if (!user || !isAdminRole(user.role)) {
    return (
      <Denied message={CLIENT_ERRORS.accessDenied.admin} actionLabel="Go to Home" actionTo="/" />
    );
  }
  return <Outlet context={user} />;
}
