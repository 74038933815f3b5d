/** Password reset calls (spec section 7: POST /auth/forgot-password and /auth/reset-password). */
import type {
  ForgotPasswordRequest,
  MessageResponse,
  ResetPasswordRequest,
} from '@flockr/contract';
import { api } from '../../../lib/api-client';
import { PASSWORD_RESET_FAILED_TEXT } from './texts';

/** Asks for a reset link; the answer is not used (the screen always shows the same notice). */
export function requestPasswordReset(payload: ForgotPasswordRequest): Promise<unknown> {
  return api.post<unknown>('/auth/forgot-password', payload, {
    fallback: PASSWORD_RESET_FAILED_TEXT,
  });
}

/**
 * Sets a new password with the token from the e-mailed link; every session of the user ends.
 * @throws ApiError 400 link not valid, expired or used, or a too common password.
 */
export function resetPassword(payload: ResetPasswordRequest): Promise<MessageResponse> {
  return api.post<MessageResponse>('/auth/reset-password', payload, {
    fallback: PASSWORD_RESET_FAILED_TEXT,
    expireSessionOn401: false,
  });
}
