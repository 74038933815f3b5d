/**
 * Account-security calls of the profile page: change password, change e-mail (confirmed by a
 * link) and delete the account. Their error texts come from the server (`API_ERRORS`).
 */
import type { z } from 'zod';
import type {
  ChangeEmailRequest,
  ChangePasswordRequest,
  MessageResponse,
  deleteAccountRequestSchema,
} from '@flockr/contract';
import { api, apiRequest } from '../../../lib/api-client';
import { ACCOUNT_ERRORS } from './texts';

/** `DELETE /user/account` payload. */
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

/**
 * `POST /auth/change-password`. Ends every other session; this one stays valid.
 * @throws ApiError 400 wrong current password, unchanged, too common or a password-rule text.
 */
export function changePassword(payload: ChangePasswordRequest): Promise<MessageResponse> {
  return api.post<MessageResponse>('/auth/change-password', payload, {
    fallback: ACCOUNT_ERRORS.changePassword,
  });
}

/**
 * `POST /auth/change-email`: e-mails a confirmation link to the new address; the address changes
 * only when the link is opened. @throws ApiError 400 wrong password or same address; 409 taken.
 */
export function requestEmailChange(payload: ChangeEmailRequest): Promise<MessageResponse> {
  return api.post<MessageResponse>('/auth/change-email', payload, {
    fallback: ACCOUNT_ERRORS.changeEmail,
  });
}

/**
 * `DELETE /user/account` with the password as JSON body; resolves on 204, after which the
 * session no longer works. @throws ApiError 400 wrong password.
 */
export function deleteAccount(payload: DeleteAccountRequest): Promise<void> {
  return apiRequest<void>('/user/account', {
    method: 'DELETE',
    body: payload,
    fallback: ACCOUNT_ERRORS.deleteAccount,
  });
}
