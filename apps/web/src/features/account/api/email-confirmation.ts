/**
 * E-mail confirmation (README "E-mail"): the sign-up verification link (`POST /auth/verify-email`),
 * the e-mail change link (`POST /auth/confirm-email`) and sending the verification link again
 * (`POST /auth/resend-verification`), as mutation hooks. Link tokens are single use, so callers
 * post each token once. Failures carry the server's text and code (docs/errors.md).
 */
import { useMutation } from '@tanstack/react-query';
import { API_ERROR_CODES, type MessageResponse } from '@flockr/contract';
import { call, type ApiError } from '../../../lib/api-client';
import { useRefreshSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { EMAIL_LINK_ERRORS } from './texts';

/** The two kinds of e-mailed link: sign-up verification and e-mail change. */
export type EmailLinkKind = 'verify' | 'confirm';

/**
 * True when a link call failed without the server deciding anything about the link: too many
 * requests (RATE_LIMITED), a server error, or no answer. The token was not used, so posting it
 * again may work. False for answers about the link or the address (VERIFY_LINK_*, EMAIL_TAKEN)
 * and for an unreadable success answer (the token was used).
 */
export function isRetryableLinkError(error: ApiError): boolean {
  if (error.kind === 'network' || error.kind === 'timeout') return true;
  return (
    error.kind === 'http' &&
    (error.code === API_ERROR_CODES.tooManyRequests || (error.status ?? 0) >= 500)
  );
}

/** Posts `token` to the endpoint of `kind`; resolves with the server's message. */
function postLinkToken(kind: EmailLinkKind, token: string): Promise<MessageResponse> {
  const options = { fallback: EMAIL_LINK_ERRORS[kind] };
  return kind === 'verify'
    ? call('POST /auth/verify-email', { body: { token } }, options)
    : call('POST /auth/confirm-email', { body: { token } }, options);
}

/**
 * Consumes the token of an e-mailed link of `kind` (`mutate(token)`); `data.message` is the
 * server's text. After success, and after VERIFY_LINK_USED (the link was most likely opened
 * already), the signed-in user is reloaded so `email` and `email_verified` are current; signed
 * out, nothing more is called. Errors: VERIFY_LINK_INVALID / _EXPIRED / _USED (400), EMAIL_TAKEN
 * (409, e-mail change only), RATE_LIMITED (429).
 */
export function useEmailLink(kind: EmailLinkKind) {
  const refreshSession = useRefreshSession();
  const refresh = () => void refreshSession().catch(() => {});
  return useMutation<MessageResponse, ApiError, string>({
    mutationFn: (token) => postLinkToken(kind, token),
    onSuccess: refresh,
    onError: (error) => {
      if (error.code === API_ERROR_CODES.verifyLinkUsed) refresh();
    },
  });
}

/**
 * `POST /auth/resend-verification` (signed in): e-mails the verification link again and toasts
 * the server's message, or its error. On ALREADY_VERIFIED (409: confirmed meanwhile, in another
 * tab or device) the signed-in user is reloaded, so the verification banner goes away.
 */
export function useResendVerification() {
  const refreshSession = useRefreshSession();
  return useMutation<MessageResponse, ApiError, void>({
    mutationFn: () =>
      call('POST /auth/resend-verification', {}, { fallback: EMAIL_LINK_ERRORS.resend }),
    onSuccess: ({ message }) => {
      toast.success(message);
    },
    onError: (error) => {
      toast.error(error.message);
      if (error.code === API_ERROR_CODES.alreadyVerified) void refreshSession().catch(() => {});
    },
  });
}
