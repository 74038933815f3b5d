/**
 * Password reset (README "E-mail"): asking for a link (`POST /auth/forgot-password`) and setting
 * a new password with it (`POST /auth/reset-password`), as mutation hooks. Failures carry the
 * server's text and code (docs/errors.md).
 */
import { useMutation } from '@tanstack/react-query';
import {
  API_ERROR_CODES,
  type ForgotPasswordRequest,
  type MessageResponse,
  type ResetPasswordRequest,
} from '@flockr/contract';
import { call, type ApiError } from '../../../lib/api-client';
import { useEndSession, useSession } from '../../../lib/session';
import { PASSWORD_RESET_FAILED_TEXT } from './texts';

/**
 * `POST /auth/forgot-password` {email}. The server gives the same answer whether or not the
 * address has an account, so success says nothing about it. Errors: RATE_LIMITED (429).
 */
export function useRequestPasswordReset() {
  return useMutation<MessageResponse, ApiError, ForgotPasswordRequest>({
    mutationFn: (body) =>
      call('POST /auth/forgot-password', { body }, { fallback: PASSWORD_RESET_FAILED_TEXT }),
  });
}

/** Codes meaning the reset link itself can no longer be used: only a new link helps. */
const DEAD_RESET_LINK_CODES: readonly string[] = [
  API_ERROR_CODES.resetLinkInvalid,
  API_ERROR_CODES.resetLinkExpired,
  API_ERROR_CODES.resetLinkUsed,
];

/** True when `error` says the reset link is not valid, has expired or was used. */
export function isDeadResetLink(error: ApiError | null): boolean {
  return !!error && DEAD_RESET_LINK_CODES.includes(error.code ?? '');
}

/**
 * `POST /auth/reset-password` {token, password}: sets the new password; `data.message` is the
 * server's text. The server ends every session of the user, so a session stored in this browser
 * is ended here too (no logout call). Errors: RESET_LINK_INVALID / _EXPIRED / _USED and
 * PASSWORD_TOO_COMMON (400), RATE_LIMITED (429).
 */
export function useResetPassword() {
  const { user } = useSession();
  const endSession = useEndSession();
  return useMutation<MessageResponse, ApiError, ResetPasswordRequest>({
    mutationFn: (body) =>
      call('POST /auth/reset-password', { body }, { fallback: PASSWORD_RESET_FAILED_TEXT }),
    onSuccess: () => {
      if (user) endSession();
    },
  });
}
