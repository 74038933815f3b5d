/**
 * The schemas of the sign-in, registration and password forms, loaded on a form's first
 * validation (components/auth-form.tsx `useAuthForm`), never with the page: they bring zod, which
 * is not part of a public page's first chunk.
 */
import '../../../lib/zod-config';
import { z } from 'zod';
import { newPasswordSchema } from '@flockr/contract';

export { forgotPasswordRequestSchema, loginFormSchema, registerFormSchema } from '@flockr/contract';

/** The reset-password form: the new password (the token comes from the link). */
export const resetPasswordFormSchema = z.object({ password: newPasswordSchema });
