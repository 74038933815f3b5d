/** Auth payloads and answers (requirements §3, §5 and §7). */
import { z } from 'zod';
import {
  countryInputSchema,
  countrySchema,
  emailSchema,
  loginPasswordSchema,
  newPasswordSchema,
  usernameSchema,
} from './validation.js';
import { VALIDATION_MESSAGES } from './validation-rules.js';
import { text } from './text.js';
import { userSchema } from './users.js';

/** `POST /auth/login` payload. `remember_me` picks the longer session lifetime. */
export const loginRequestSchema = z.object({
  email: emailSchema,
  password: loginPasswordSchema,
  remember_me: z.boolean().optional().default(false),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/**
 * `POST /auth/register` payload (requirements §7). `country` is omitted when empty;
 * `notifications_enabled` is the marketing-emails checkbox (default on).
 */
export const registerRequestSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  country: countryInputSchema.optional(),
  notifications_enabled: z.boolean().optional().default(true),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

/**
 * The register form: the payload plus the terms checkbox, which must be ticked
 * ('You must accept the terms of service'). The country select gives '' for "none".
 */
export const registerFormSchema = registerRequestSchema.extend({
  country: z.union([z.literal(''), countrySchema]).optional(),
  notifications_enabled: z.boolean(),
  terms: z.boolean().refine((v) => v, VALIDATION_MESSAGES.termsRequired),
});
export type RegisterForm = z.input<typeof registerFormSchema>;

/** The login form. */
export const loginFormSchema = z.object({
  email: emailSchema,
  password: loginPasswordSchema,
  remember_me: z.boolean(),
});
export type LoginForm = z.input<typeof loginFormSchema>;

/** Answer of login and register (requirements §3: token, user). `expires_at` is the token's expiry. */
export const authResponseSchema = z.object({
  token: z.string().min(1).describe('Bearer token (JWT) for the Authorization header'),
  expires_at: z.string().describe('ISO 8601 instant when the token stops working'),
  user: userSchema,
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** `POST /auth/forgot-password` payload. */
export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

/** `POST /auth/reset-password` payload. */
export const resetPasswordRequestSchema = z.object({
  token: text({ required: 'Reset token is required' }).min(1, 'Reset token is required').max(200),
  password: newPasswordSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** Answer of calls whose result the user only reads (forgot password, resend verification, …). */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** The one answer of `POST /auth/forgot-password`, whether or not the address has an account. */
export const FORGOT_PASSWORD_MESSAGE =
  "If an account exists for that email, we've sent a link to reset its password.";

/** `POST /auth/change-password` payload (signed in; current password required). */
export const changePasswordRequestSchema = z.object({
  current_password: loginPasswordSchema,
  new_password: newPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** `POST /auth/change-email` payload: the new address and the current password. */
export const changeEmailRequestSchema = z.object({
  new_email: emailSchema,
  password: loginPasswordSchema,
});
export type ChangeEmailRequest = z.input<typeof changeEmailRequestSchema>;

/** Payload of the link-confirmation calls (`/auth/verify-email`, `/auth/confirm-email`). */
export const tokenRequestSchema = z.object({
  token: text({ required: 'Token is required' }).min(1, 'Token is required').max(200),
});

/** `DELETE /user/account` payload: the password, to confirm. */
export const deleteAccountRequestSchema = z.object({ password: loginPasswordSchema });
