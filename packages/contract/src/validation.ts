/**
 * The field schemas of requirements §5 (e-mail, passwords, username, country), built on the rules
 * and messages of validation-rules.ts. The API enforces them; the web forms show them early.
 */
import { z } from 'zod';
import {
  COUNTRIES,
  COUNTRY_CODES,
  PASSWORD_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from './constants.js';
import { text } from './text.js';
import {
  VALIDATION_MESSAGES,
  EMAIL_PATTERN,
  USERNAME_PATTERN,
  passwordMeetsRequirements,
} from './validation-rules.js';

/** A string field whose missing or non-string input is answered with `required`. */
const requiredString = (required: string) => text({ required });

/** Email field: trimmed, lower-cased, required, simple pattern (requirements §5). */
export const emailSchema = requiredString(VALIDATION_MESSAGES.emailRequired)
  .trim()
  .min(1, VALIDATION_MESSAGES.emailRequired)
  .max(254, VALIDATION_MESSAGES.emailTooLong)
  .regex(EMAIL_PATTERN, VALIDATION_MESSAGES.emailInvalid)
  .transform((v) => v.toLowerCase())
  .describe('Email address; compared case-insensitively');

/** Login password: only required (the rules apply at registration, not at login). */
export const loginPasswordSchema = requiredString(VALIDATION_MESSAGES.passwordRequired)
  .min(1, VALIDATION_MESSAGES.passwordRequired)
  .max(PASSWORD_MAX_LENGTH, VALIDATION_MESSAGES.passwordTooLong);

/** New password: required and at least 4 of the 5 criteria with 8+ characters (requirements §5). */
export const newPasswordSchema = requiredString(VALIDATION_MESSAGES.passwordRequired)
  .min(1, VALIDATION_MESSAGES.passwordRequired)
  .max(PASSWORD_MAX_LENGTH, VALIDATION_MESSAGES.passwordTooLong)
  .refine(passwordMeetsRequirements, VALIDATION_MESSAGES.passwordRequirements);

/** Username: trimmed, required, 3..32 characters of letters, digits, dot, hyphen, underscore. */
export const usernameSchema = requiredString(VALIDATION_MESSAGES.usernameRequired)
  .trim()
  .min(1, VALIDATION_MESSAGES.usernameRequired)
  .min(USERNAME_MIN_LENGTH, VALIDATION_MESSAGES.usernameTooShort)
  .max(USERNAME_MAX_LENGTH, VALIDATION_MESSAGES.usernameTooLong)
  .regex(USERNAME_PATTERN, VALIDATION_MESSAGES.usernameCharacters);

/** Country: one of the ten codes of requirements §9; empty means "not given". */
export const countrySchema = z.enum(COUNTRY_CODES, { error: VALIDATION_MESSAGES.countryInvalid });

/**
 * A country as a client may send it: the ISO code (`CA`) or the name the spec's select shows
 * (`Canada`), in any letter case. Parsed to the code, which is what is stored and answered.
 */
export const countryInputSchema = text({ required: VALIDATION_MESSAGES.countryInvalid })
  .trim()
  .transform((value) => {
    const wanted = value.toLowerCase();
    return (
      COUNTRIES.find((c) => c.code.toLowerCase() === wanted || c.name.toLowerCase() === wanted)
        ?.code ?? value
    );
  })
  .pipe(countrySchema)
  .describe(
    `ISO 3166-1 alpha-2 code or name: ${COUNTRIES.map((c) => `${c.code} (${c.name})`).join(', ')}`,
  );
