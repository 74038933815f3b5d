/**
 * Account-security calls of the profile page (README "Sessions", "E-mail", "Deleting an
 * account"), as mutation hooks: change password, change e-mail (applied when the e-mailed link is
 * opened) and delete the account. Failures carry the server's text and code (docs/errors.md).
 */
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import type {
  ChangeEmailRequest,
  ChangePasswordRequest,
  MessageResponse,
  deleteAccountRequestSchema,
} from '@flockr/contract';
import { call, type ApiError } from '../../../lib/api-client';
import { useEndSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { ACCOUNT_DELETED_TOAST, ACCOUNT_ERRORS } from './texts';

/** `DELETE /user/account` payload: the password, to confirm. */
export type DeleteAccountRequest = z.input<typeof deleteAccountRequestSchema>;

/**
 * `POST /auth/change-password` {current_password, new_password}; toasts the server's message on
 * success. Every other session ends; this one stays valid. Errors (400): CURRENT_PASSWORD_WRONG,
 * PASSWORD_UNCHANGED, PASSWORD_TOO_COMMON or a password rule's text (VALIDATION_FAILED).
 */
export function useChangePassword() {
  return useMutation<MessageResponse, ApiError, ChangePasswordRequest>({
    mutationFn: (body) =>
      call('POST /auth/change-password', { body }, { fallback: ACCOUNT_ERRORS.changePassword }),
    onSuccess: ({ message }) => {
      toast.success(message);
    },
  });
}

/**
 * `POST /auth/change-email` {new_email, password}: e-mails a confirmation link to the new
 * address; `data.message` says so. Nothing changes until the link is opened. Errors: 400
 * CURRENT_PASSWORD_WRONG or EMAIL_UNCHANGED, 409 EMAIL_TAKEN.
 */
export function useRequestEmailChange() {
  return useMutation<MessageResponse, ApiError, ChangeEmailRequest>({
    mutationFn: (body) =>
      call('POST /auth/change-email', { body }, { fallback: ACCOUNT_ERRORS.changeEmail }),
  });
}

/**
 * `DELETE /user/account` {password}. On 204 the server has ended every session, so the session
 * ends here without a logout call, the page goes to / and a toast confirms. Errors: 400
 * CURRENT_PASSWORD_WRONG.
 */
export function useDeleteAccount() {
  const endSession = useEndSession();
  const navigate = useNavigate();
  return useMutation<void, ApiError, DeleteAccountRequest>({
    mutationFn: (body) =>
      call('DELETE /user/account', { body }, { fallback: ACCOUNT_ERRORS.deleteAccount }),
    onSuccess: () => {
      endSession();
      void navigate('/');
      toast.success(ACCOUNT_DELETED_TOAST);
    },
  });
}
