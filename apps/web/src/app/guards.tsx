/**
 * Layout routes that guard pages once (spec sections 2 and 6): signed-in pages show the spec's
 * Access Denied text with Go to Login (coming back to the page afterwards) to visitors; the admin
 * panel shows its Access Denied with Go to Home to everyone but ADMIN and SUPER_ADMIN. The
 * guarded page reads the user with {@link useSignedInUser}. The server enforces the same rules on
 * every call; this only decides what the screen shows.
 */
import { Outlet, useLocation, useOutletContext } from 'react-router';
import { CLIENT_ERRORS, isAdminRole, type User } from '@flockr/contract';
import { AccessDenied } from '../components/ui/access-denied';
import { Container } from '../components/ui/page';
import { withRedirect } from '../lib/redirect';
import { useSession } from '../lib/session';

/** The page inside a guard: the signed-in user. */
export function useSignedInUser(): User {
  return useOutletContext<User>();
}

/** The Access Denied page. */
function Denied(props: { message: string; actionLabel: string; actionTo: string }) {
  return (
    <Container className="py-10 sm:py-14">
      <AccessDenied {...props} />
    </Container>
  );
}

/** Renders the child route for a signed-in user; Access Denied with `denied` otherwise. */
export function SignedInOnly({ denied }: { denied: string }) {
  const { user } = useSession();
  const location = useLocation();
  if (!user) {
    return (
      <Denied
        message={denied}
        actionLabel="Go to Login"
        actionTo={withRedirect('/login', `${location.pathname}${location.search}`)}
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
