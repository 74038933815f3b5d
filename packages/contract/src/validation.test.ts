import { describe, expect, it } from 'vitest';
import { CLIENT_ERRORS, downloadErrorText, errorText } from './client-errors.js';
import { formatFileSize } from './file-size.js';
import {
  displayedYearlySaving,
  toMajorUnits,
  toMinorUnits,
  yearlyDiscountPercentage,
} from './money.js';
import { loginFormSchema, registerFormSchema, registerRequestSchema } from './auth.js';
import { summarizeChanges } from './changelog.js';
import { versionFilename, fallbackFilename } from './site.js';
import {
  VALIDATION_MESSAGES,
  passwordMeetsRequirements,
  passwordStrength,
} from './validation-rules.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error!.issues[0]!.message;

describe('password criteria and strength labels (requirements §5)', () => {
  it.each([
    ['a', 1, 'Very Weak'],
    ['abcdefgh', 2, 'Weak'],
    ['Abcdefgh', 3, 'Fair'],
    ['Abcdefg1', 4, 'Good'],
    ['Abcdef1!', 5, 'Strong'],
    ['', 0, 'Very Weak'],
  ])('%j meets %i criteria → %s', (password, score, label) => {
    expect(passwordStrength(password)).toEqual({ score, label });
  });

  it('needs 8+ characters and 4 of 5 criteria', () => {
    expect(passwordMeetsRequirements('Abcdefg1')).toBe(true);
    expect(passwordMeetsRequirements('abcdef1!')).toBe(true);
    expect(passwordMeetsRequirements('Abc1!')).toBe(false); // 4 criteria but too short
    expect(passwordMeetsRequirements('abcdefgh1')).toBe(false); // 3 criteria
  });
});

describe('register and login rules (requirements §5)', () => {
  const valid = {
    username: 'alice',
    email: 'alice@example.com',
    password: 'Abcdef1!',
    notifications_enabled: true,
    terms: true,
  };

  it.each([
    [{ username: '' }, VALIDATION_MESSAGES.usernameRequired],
    [{ username: 'al' }, VALIDATION_MESSAGES.usernameTooShort],
    [{ email: '' }, VALIDATION_MESSAGES.emailRequired],
    [{ email: 'alice@' }, VALIDATION_MESSAGES.emailInvalid],
    [{ password: '' }, VALIDATION_MESSAGES.passwordRequired],
    [{ password: 'abcdefgh' }, VALIDATION_MESSAGES.passwordRequirements],
    [{ terms: false }, VALIDATION_MESSAGES.termsRequired],
  ])('register form %j → %s', (change, message) => {
    expect(firstMessage(registerFormSchema.safeParse({ ...valid, ...change }))).toBe(message);
  });

  it('accepts an empty country in the form and omits it in the payload', () => {
    expect(registerFormSchema.safeParse({ ...valid, country: '' }).success).toBe(true);
    const parsed = registerRequestSchema.parse({
      username: 'alice',
      email: 'ALICE@example.com',
      password: 'Abcdef1!',
    });
    expect(parsed).toEqual({
      username: 'alice',
      email: 'alice@example.com',
      password: 'Abcdef1!',
      notifications_enabled: true,
    });
  });

  it.each([
    [{ email: '' }, 'Email is required'],
    [{ email: 'nope' }, 'Please enter a valid email'],
    [{ password: '' }, 'Password is required'],
  ])('login form %j → %s', (change, message) => {
    expect(
      firstMessage(
        loginFormSchema.safeParse({
          email: 'a@b.co',
          password: 'x',
          remember_me: false,
          ...change,
        }),
      ),
    ).toBe(message);
  });
});

describe('error texts (requirements §8)', () => {
  it('takes the error field, then message, then the thrown message, then the default', () => {
    expect(errorText({ error: 'E', message: 'M' }, new Error('T'), 'D')).toBe('E');
    expect(errorText({ message: 'M' }, new Error('T'), 'D')).toBe('M');
    expect(errorText({}, new Error('T'), 'D')).toBe('T');
    expect(errorText(null, null, 'D')).toBe('D');
    expect(errorText({ error: '' }, { message: '' }, 'D')).toBe('D');
  });

  it.each([
    [403, 'Active subscription required to download'],
    [404, 'Download not found'],
    [401, 'Please login to download'],
    [429, 'Too many requests. Please try again later'],
    [500, 'Server error. Please try again later'],
    [502, 'Request failed with status 502'],
    [undefined, CLIENT_ERRORS.download.failed],
  ])('download status %s → %s', (status, text) => {
    expect(downloadErrorText(status)).toBe(text);
  });
});

describe('money and sizes', () => {
  it('converts minor units both ways', () => {
    expect(toMajorUnits(1999, 'USD')).toBe(19.99);
    expect(toMinorUnits(19.99, 'USD')).toBe(1999);
    expect(toMinorUnits(0.07, 'USD')).toBe(7);
    expect(toMajorUnits(500, 'JPY')).toBe(500);
  });
  it('computes the yearly discount and the displayed saving', () => {
    expect(yearlyDiscountPercentage(1999, 19999)).toBe(17);
    expect(yearlyDiscountPercentage(0, 0)).toBe(0);
    expect(displayedYearlySaving(19.99, 199.99)).toBe(40); // 239.88 − 199.99 = 39.89 → 40
    expect(displayedYearlySaving(49.99, 499.99)).toBe(100);
  });
  it('formats file sizes', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5 MB');
  });
});

describe('names', () => {
  it('builds download file names from the product name', () => {
    expect(versionFilename('Flockr', '1.2.0')).toBe('flockr-v1.2.0.zip');
    expect(versionFilename('My Growth App', '2.0.0')).toBe('my-growth-app-v2.0.0.zip');
    expect(fallbackFilename('Flockr')).toBe('flockr.zip');
  });
  it('summarises markdown changes as plain text', () => {
    expect(summarizeChanges('## New\n- thing')).toBe('thing');
    expect(summarizeChanges('## Only a heading')).toBe('Only a heading');
    expect(summarizeChanges('\n\n- **Bold** item')).toBe('Bold item');
  });
});
