/**
 * Every e-mail says test mode while payments are in test mode (docs/billing.md "Test mode"): a
 * line of the shared layout, not one per template, and "[Test mode]" before the subject. Checked
 * for every template, and end to end: the confirmation e-mail a sandbox site sends at sign-up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_MODE_MAIL_NOTE, TEST_ORDER_RECEIPT_NOTE } from '@flockr/contract';
import { createHarness, registerUser, type Harness } from '../test/harness.js';
import { startSmtp, type TestInbox } from '../test/smtp.js';
import { brandOf, templates, type Brand, type Rendered } from './templates.js';

const config = {
  productName: 'Flockr',
  supportEmail: 'support@flockr.example',
  publicUrl: 'https://flockr.example',
};

/** Every template rendered with `brand` (placeholder values for what each one names). */
function renderAll(brand: Brand): [string, Rendered][] {
  const orderId = '00000000-0000-4000-8000-00000000abcd';
  return [
    ['verifyEmail', templates.verifyEmail(brand, 'ann', 'https://x/verify')],
    ['passwordReset', templates.passwordReset(brand, 'ann', 'https://x/reset')],
    ['passwordChanged', templates.passwordChanged(brand, 'ann')],
    ['confirmEmailChange', templates.confirmEmailChange(brand, 'ann', 'https://x/c')],
    ['emailChangeRequested', templates.emailChangeRequested(brand, 'ann', 'b@example.com')],
    ['emailChanged', templates.emailChanged(brand, 'ann', 'b@example.com')],
    [
      'receipt',
      templates.receipt(brand, 'ann', {
        orderId,
        planName: 'PRO',
        period: '1 month',
        amount: '$19.99',
        date: '2026-01-01',
      }),
    ],
    ['refund', templates.refund(brand, 'ann', { orderId, planName: 'PRO', amount: '$19.99' })],
    [
      'expiryReminder',
      templates.expiryReminder(brand, 'ann', { planName: 'PRO', when: 'tomorrow', expired: false }),
    ],
    [
      'downloadLink',
      templates.downloadLink(brand, 'ann', {
        version: '1.0.0',
        primary: {
          label: 'Every computer · ZIP archive',
          filename: 'flockr-v1.0.0.zip',
          size: '1.5 MB',
          url: 'https://x/d',
        },
        others: [],
        expiresAt: '2026-01-01T00:00:00.000Z',
      }),
    ],
    [
      'releaseAvailable',
      templates.releaseAvailable(brand, 'ann', { version: '1.0.0', title: null, changes: null }),
    ],
    ['accountDeleted', templates.accountDeleted(brand, 'ann')],
  ];
}

describe('the test-mode line of every e-mail', () => {
  it('is in every template while payments are in test mode, and in none while live', () => {
    const rendered = renderAll(brandOf({ ...config, paymentsMode: 'test' }));
    expect(rendered).toHaveLength(Object.keys(templates).length);
    for (const [name, mail] of rendered) {
      expect({ name, subject: mail.subject }).toEqual({
        name,
        subject: expect.stringMatching(/^\[Test mode\] /),
      });
      expect({ name, starts: mail.text.startsWith(TEST_MODE_MAIL_NOTE) }).toEqual({
        name,
        starts: true,
      });
      expect(mail.html).toContain(TEST_MODE_MAIL_NOTE);
    }
    for (const [name, mail] of renderAll(brandOf({ ...config, paymentsMode: 'live' }))) {
      expect({ name, test: /Test mode/.test(mail.subject + mail.text + mail.html) }).toEqual({
        name,
        test: false,
      });
    }
  });

  it("says so on a test order's receipt even once the shop is live", () => {
    const live = brandOf({ ...config, paymentsMode: 'live' });
    const receipt = templates.receipt(live, 'ann', {
      orderId: '00000000-0000-4000-8000-00000000abcd',
      planName: 'PRO',
      period: '1 month',
      amount: '$19.99',
      date: '2026-01-01',
      test: true,
    });
    expect(receipt.subject).toMatch(/^\[Test mode\] Receipt/);
    expect(receipt.text).toContain(`Amount: $19.99 (${TEST_ORDER_RECEIPT_NOTE})`);
    expect(receipt.text.startsWith(TEST_MODE_MAIL_NOTE)).toBe(true);
  });
});

describe('e-mails of a site on the sandbox', () => {
  let h: Harness;
  let inbox: TestInbox;
  beforeAll(async () => {
    inbox = await startSmtp();
    h = await createHarness({ smtpUrl: inbox.url });
  });
  afterAll(async () => {
    await h.close();
    await inbox.close();
  });

  it('say test mode, from the sign-up confirmation on', async () => {
    const user = await registerUser(h.app, 'mail');
    const mail = await inbox.waitFor(user.payload.email, /Confirm your e-mail address/);
    expect(mail.subject).toMatch(/^\[Test mode\] /);
    expect(mail.text).toContain(TEST_MODE_MAIL_NOTE);
    expect(mail.html).toContain(TEST_MODE_MAIL_NOTE);
  });
});
