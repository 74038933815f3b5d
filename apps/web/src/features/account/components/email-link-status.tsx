/**
 * Body of /verify-email and /confirm-email: posts the link's token once, shows a spinner, then
 * the server's message, or its error text with a way on: Try again when the server decided
 * nothing about the link (too many requests, no answer), else a link to ask for a new one.
 */
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { withRedirect } from '../../../lib/redirect';
import { useSession } from '../../../lib/session';
import { isRetryableLinkError, useEmailLink, type EmailLinkKind } from '../api/email-confirmation';
import { EMAIL_LINK_TOKEN_MISSING_TEXT } from '../api/texts';

/** Props of {@link EmailLinkStatus}. */
export interface EmailLinkStatusProps {
  /** The `token` query parameter; null or empty shows an error without calling the server. */
  token: string | null;
  /** Which link this page consumes: sign-up verification or e-mail change. */
  kind: EmailLinkKind;
  /** Spinner label while the call runs. */
  pendingLabel: string;
  /**
   * Link to /profile offered when the link cannot be used, to ask for a new one (e.g. "Resend
   * from your profile"); signed out it goes through /login first.
   */
  retryLabel: string;
}

const linkClass = 'font-semibold text-brand-700 underline-offset-2 hover:underline';

/**
 * Posts `token` exactly once per token, even when React StrictMode runs effects twice (the token
 * is single use: a second post would answer VERIFY_LINK_USED). Try again posts it once more.
 * Returns the spinner, the success message with Sign in / Go to Profile, or the error.
 */
export function EmailLinkStatus({ token, kind, pendingLabel, retryLabel }: EmailLinkStatusProps) {
  const { user } = useSession();
  const { mutate, data, error, isSuccess } = useEmailLink(kind);
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    mutate(token);
  }, [token, mutate]);

  const signedIn = user !== null;

  if (!token || error) {
    return (
      <div className="space-y-4">
        <Alert variant="error">{error ? error.message : EMAIL_LINK_TOKEN_MISSING_TEXT}</Alert>
        {token && error && isRetryableLinkError(error) ? (
          <Button full size="lg" onClick={() => mutate(token)}>
            Try again
          </Button>
        ) : (
          <p className="text-center text-sm">
            <Link
              to={signedIn ? '/profile' : withRedirect('/login', '/profile')}
              className={linkClass}
            >
              {retryLabel}
            </Link>
          </p>
        )}
      </div>
    );
  }

  if (isSuccess) {
    return (
      <div className="space-y-6">
        <Alert variant="success">{data.message}</Alert>
        <Link
          to={signedIn ? '/profile' : '/login'}
          className={buttonClasses({ full: true, size: 'lg' })}
        >
          {signedIn ? 'Go to Profile' : 'Sign in'}
        </Link>
      </div>
    );
  }

  return <Spinner label={pendingLabel} className="py-8" />;
}
