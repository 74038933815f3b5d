/**
 * Validation rules and messages of requirements §5, shared by the API (which enforces them) and
 * the web forms (which show them early): field messages, patterns, the password criteria and
 * strength labels. Without zod, so the web app's first chunk and the password meter can use them
 * without loading the schemas (zod-free.test.ts); validation.ts builds the field schemas on them.
 */
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_CRITERIA,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from './constants.js';

/** Field messages quoted by requirements §5 (and a few of ours for limits the spec leaves open). */
export const VALIDATION_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email',
  passwordRequired: 'Password is required',
  usernameRequired: 'Username is required',
  usernameTooShort: `Username must be at least ${USERNAME_MIN_LENGTH} characters`,
  usernameTooLong: `Username must be at most ${USERNAME_MAX_LENGTH} characters`,
  usernameCharacters: 'Username can only contain letters, numbers, dots, hyphens and underscores',
  passwordRequirements: 'Password does not meet requirements',
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  termsRequired: 'You must accept the terms of service',
  countryInvalid: 'Please choose a country from the list',
  emailTooLong: 'Email must be at most 254 characters',
} as const;

/** The "simple address pattern" of requirements §5: something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Allowed username characters (ours: keeps usernames safe to show and link). */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;
/** The fixed set of special characters that counts for the fifth password criterion. */
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*()_+-=[]{};\':"\\|,.<>/?`~';

/** The five password criteria of requirements §5, in the order the register form lists them. */
export const PASSWORD_CRITERIA = [
  {
    id: 'length',
    label: `At least ${PASSWORD_MIN_LENGTH} characters`,
    test: (p: string) => p.length >= PASSWORD_MIN_LENGTH,
  },
  { id: 'uppercase', label: 'An uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
  { id: 'lowercase', label: 'A lowercase letter', test: (p: string) => /[a-z]/.test(p) },
  { id: 'digit', label: 'A number', test: (p: string) => /[0-9]/.test(p) },
  {
    id: 'special',
    label: 'A special character',
    test: (p: string) => [...p].some((ch) => PASSWORD_SPECIAL_CHARACTERS.includes(ch)),
  },
] as const;

/** Strength labels by number of criteria met (requirements §5). 0 shows as Very Weak too. */
export const PASSWORD_STRENGTH_LABELS = {
  1: 'Very Weak',
  2: 'Weak',
  3: 'Fair',
  4: 'Good',
  5: 'Strong',
} as const;
export type PasswordStrengthLabel =
  (typeof PASSWORD_STRENGTH_LABELS)[keyof typeof PASSWORD_STRENGTH_LABELS];

/** Counts how many of the five criteria `password` meets (0 to 5). */
export function passwordCriteriaMet(password: string): number {
  return PASSWORD_CRITERIA.filter((c) => c.test(password)).length;
}

/**
 * Strength of `password`: `score` is the number of criteria met (0..5), `label` the spec's word
 * for it ('Very Weak' for 0 or 1 … 'Strong' for 5).
 */
export function passwordStrength(password: string): {
  score: number;
  label: PasswordStrengthLabel;
} {
  const score = passwordCriteriaMet(password);
  const key = Math.max(1, score) as keyof typeof PASSWORD_STRENGTH_LABELS;
  return { score, label: PASSWORD_STRENGTH_LABELS[key] };
}

/**
 * True when `password` is acceptable: at least 4 of the 5 criteria and the minimum length
 * (requirements §5 and §9: "Password minimum 8 characters with at least 4 of 5 criteria").
 */
export function passwordMeetsRequirements(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH && passwordCriteriaMet(password) >= PASSWORD_MIN_CRITERIA
  );
}
