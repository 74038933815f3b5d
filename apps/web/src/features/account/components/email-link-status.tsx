/**
 * Body of /verify-email and /confirm-email: posts the link's token once, shows a spinner, then
 * the server's message or its error text with a way to ask for a new link.
 */
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { errorText, type MessageResponse } from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../lib/auth';
import { withRedirect } from '../../../lib/redirect';
import { EMAIL_LINK_TOKEN_MISSING_TEXT } from '../api/texts';

/** Props of {@link EmailLinkStatus}. */
export interface EmailLinkStatusProps {
  /** The `token` query parameter; null or empty shows an error without calling the server. */
  token: string | null;
  /** The call that consumes the token (verifyEmail or confirmEmailChange). */
  send: (token: string) => Promise<MessageResponse>;
  /** Default error text of `send`. */
  fallback: string;
  /** Spinner label while the call runs. */
  pendingLabel: string;
  /**
   * Link to /profile offered after a failure, to ask for a new link (e.g. "Resend from your
   * profile"); signed out it goes through /login first.
   */
  retryLabel: string;
}

/**
 * Posts `token` exactly once per token, even when React StrictMode runs effects twice (the token
 * is single use: a second post would answer "already used"). After success it reloads the
 * stored user when signed in, so `email` and `email_verified` are current.
 */
export function EmailLinkStatus({
  token,
  send,
  fallback,
  pendingLabel,
  retryLabel,
}: EmailLinkStatusProps) {
  const { user, refreshUser } = useAuth();
  const { mutate, data, error, isSuccess, isError } = useMutation({
    mutationFn: send,
    onSuccess: () => {
      // Signed out, this resolves null without a call. A failure here only delays the update.
      void refreshUser().catch(() => {});
    },
  });
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    mutate(token);
  }, [token, mutate]);

  const signedIn = user !== null;
  const linkClass = 'font-semibold text-brand-700 underline-offset-2 hover:underline';

  if (!token || isError) {
    return (
      <div className="space-y-4">
        <Alert variant="error">
          {token ? errorText(undefined, error, fallback) : EMAIL_LINK_TOKEN_MISSING_TEXT}
        </Alert>
        <p className="text-center text-sm">
          <Link
            to={signedIn ? '/profile' : withRedirect('/login', '/profile')}
            className={linkClass}
          >
            {retryLabel}
          </Link>
        </p>
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
          {signedIn ? 'Go to Profile' : 'Log in'}
        </Link>
      </div>
    );
  }

  return <Spinner label={pendingLabel} className="py-8" />;
}
