/**
 * E-mail confirmation calls: the sign-up verification link (`/auth/verify-email`), the e-mail
 * change link (`/auth/confirm-email`) and sending the verification link again. Link tokens are
 * single use, so callers must post each token once.
 */
import type { z } from 'zod';
import type { MessageResponse, tokenRequestSchema } from '@flockr/contract';
import { api } from '../../../lib/api-client';
import { EMAIL_LINK_ERRORS } from './texts';

/** Payload of the link-confirmation calls. */
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

/**
 * `POST /auth/verify-email` {token}: confirms the address the sign-up link was sent to.
 * @throws ApiError 400 link not valid, expired or already used.
 */
export function verifyEmail(token: string): Promise<MessageResponse> {
  const payload: TokenRequest = { token };
  return api.post<MessageResponse>('/auth/verify-email', payload, {
    fallback: EMAIL_LINK_ERRORS.verify,
  });
}

/**
 * `POST /auth/confirm-email` {token}: applies a requested e-mail change.
 * @throws ApiError 400 link not valid, expired or already used; 409 address taken meanwhile.
 */
export function confirmEmailChange(token: string): Promise<MessageResponse> {
  const payload: TokenRequest = { token };
  return api.post<MessageResponse>('/auth/confirm-email', payload, {
    fallback: EMAIL_LINK_ERRORS.confirm,
  });
}

/**
 * `POST /auth/resend-verification` (signed in): e-mails the verification link again.
 * @throws ApiError 409 already confirmed; 429 too many requests.
 */
export function resendVerification(): Promise<MessageResponse> {
  return api.post<MessageResponse>('/auth/resend-verification', undefined, {
    fallback: EMAIL_LINK_ERRORS.resend,
  });
}
