/**
 * E-mail texts. Every message has a plain-text and an HTML part, names the product and gives the
 * support address. Links are absolute URLs under PUBLIC_URL.
 */
import escapeHtml from 'escape-html';
import { TEST_MODE_MAIL_NOTE, TEST_ORDER_RECEIPT_NOTE, orderRef, taxNote } from '@flockr/contract';
import type { AppConfig } from '../config.js';

export interface Brand {
  productName: string;
  supportEmail: string;
  publicUrl: string;
  /** Who sells the product (legal name and address; receipts name them), when configured. */
  seller?: { legalName: string; address: string };
  /** Whether prices include tax (receipts say so). */
  pricesIncludeTax?: boolean;
  /**
   * True while payments are in test mode (`paymentsMode`): every e-mail then says so in a line
   * of the shared layout (docs/billing.md "Test mode").
   */
  testMode?: boolean;
}

/** The brand every e-mail carries, from the configuration. */
export function brandOf(
  config: Pick<AppConfig, 'productName' | 'supportEmail' | 'publicUrl'> &
    Partial<Pick<AppConfig, 'seller' | 'pricesIncludeTax' | 'paymentsMode'>>,
): Brand {
  return {
    productName: config.productName,
    supportEmail: config.supportEmail,
    publicUrl: config.publicUrl,
    seller: config.seller,
    pricesIncludeTax: config.pricesIncludeTax,
    testMode: config.paymentsMode === 'test',
  };
}

/** The seller lines of a receipt: "Sold by {legal name}, {address}." and the tax sentence. */
function sellerLines(b: Brand): string[] {
  return [
    ...(b.seller ? [`Sold by ${b.seller.legalName}, ${b.seller.address}.`] : []),
    ...(b.pricesIncludeTax === undefined ? [] : [taxNote(b.pricesIncludeTax)]),
  ];
}

/** A build in a download e-mail: its name in words, file name, size as read, and link. */
export interface DownloadEntry {
  label: string;
  filename: string;
  size: string;
  url: string;
}

export interface Rendered {
  subject: string;
  text: string;
  html: string;
}

/** A link of an e-mail: what it opens, and where. */
interface MailLink {
  label: string;
  url: string;
}

/**
 * Wraps paragraphs (and an optional button link, then an optional list of further links under a
 * heading) into the text and HTML parts with the footer. In test mode (`brand.testMode`) both
 * parts begin with the test-mode line and the subject with "[Test mode]", so no e-mail of a
 * test-mode shop reads as real.
 */
function layout(
  brand: Brand,
  subject: string,
  paragraphs: string[],
  action?: MailLink,
  more?: { heading: string; links: MailLink[] },
): Rendered {
  const footer = `Questions? Write to ${brand.supportEmail}. — The ${brand.productName} team`;
  const moreLinks = more && more.links.length > 0 ? more : undefined;
  const text = [
    ...(brand.testMode ? [TEST_MODE_MAIL_NOTE] : []),
    ...paragraphs,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    ...(moreLinks
      ? [[moreLinks.heading, ...moreLinks.links.map((l) => `- ${l.label}: ${l.url}`)].join('\n')]
      : []),
    '',
    footer,
  ].join('\n\n');
  const testLine = brand.testMode
    ? `<p role="note" style="margin:0 0 16px;padding:8px 12px;border-radius:6px;background:#fef3c7;color:#78350f;font-weight:600">${escapeHtml(TEST_MODE_MAIL_NOTE)}</p>\n`
    : '';
  const html = `<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#0f172a;line-height:1.5;max-width:560px;margin:auto;padding:24px">
${testLine}<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(brand.productName)}</h1>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${action ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#0369a1;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="font-size:13px;color:#475569">Or paste this link into your browser: ${escapeHtml(action.url)}</p>` : ''}
${moreLinks ? `<p style="margin-bottom:4px">${escapeHtml(moreLinks.heading)}</p><ul style="margin-top:0;padding-left:20px">${moreLinks.links.map((l) => `<li><a href="${escapeHtml(l.url)}">${escapeHtml(l.label)}</a></li>`).join('')}</ul>` : ''}
<hr style="border:none;border-top:1px solid #e2e8f0;margin:24px 0"><p style="font-size:13px;color:#475569">${escapeHtml(footer)}</p>
</body></html>`;
  const prefix = brand.testMode ? '[Test mode] ' : '';
  return { subject: `${prefix}${subject} · ${brand.productName}`, text, html };
}

/** Most lines of release notes an e-mail carries; the rest is on the changelog page. */
const NOTES_MAX_LINES = 30;

/**
 * Release notes (a changelog entry's markdown) as plain lines for an e-mail: headings lose their
 * `#`s, list items start with "• ", emphasis and code marks go, a link keeps its text and URL,
 * blank lines go; at most NOTES_MAX_LINES lines, then "…". Pure.
 */
export function notesLines(markdown: string): string[] {
  const lines = markdown
    .split(/\r?\n/)
    .map((line) =>
      line
        .trim()
        .replace(/^#{1,6}\s+/, '')
        .replace(/^[-*+]\s+/, '• ')
        .replace(/\[([^\]]*)\]\(([^)\s]+)\)/g, '$1 ($2)')
        .replace(/(\*\*|__|`)/g, ''),
    )
    .filter((line) => line.length > 0);
  return lines.length > NOTES_MAX_LINES ? [...lines.slice(0, NOTES_MAX_LINES), '…'] : lines;
}

export const templates = {
  verifyEmail: (b: Brand, username: string, url: string) =>
    layout(
      b,
      'Confirm your e-mail address',
      [
        `Hi ${username},`,
        `Welcome to ${b.productName}! Please confirm that this is your e-mail address. The link works for 24 hours.`,
      ],
      {
        label: 'Confirm e-mail address',
        url,
      },
    ),
  passwordReset: (b: Brand, username: string, url: string) =>
    layout(
      b,
      'Reset your password',
      [
        `Hi ${username},`,
        'Someone asked to reset the password of your account. If it was you, choose a new password with the link below; it works for 1 hour and only once.',
        'If it was not you, ignore this e-mail: your password stays as it is.',
      ],
      { label: 'Choose a new password', url },
    ),
  passwordChanged: (b: Brand, username: string) =>
    layout(b, 'Your password was changed', [
      `Hi ${username},`,
      'The password of your account was just changed and every other session was signed out.',
      `If you did not do this, reset your password at once and write to ${b.supportEmail}.`,
    ]),
  confirmEmailChange: (b: Brand, username: string, url: string) =>
    layout(
      b,
      'Confirm your new e-mail address',
      [
        `Hi ${username},`,
        `Please confirm that you want to use this address for your ${b.productName} account. The change happens only when you open the link, which works for 24 hours.`,
      ],
      {
        label: 'Confirm new address',
        url,
      },
    ),
  emailChangeRequested: (b: Brand, username: string, newEmail: string) =>
    layout(b, 'Your e-mail address is being changed', [
      `Hi ${username},`,
      `Someone asked to change your account's e-mail address to ${newEmail}. It changes only once that address is confirmed.`,
      `If this was not you, change your password and write to ${b.supportEmail}.`,
    ]),
  emailChanged: (b: Brand, username: string, newEmail: string) =>
    layout(b, 'Your e-mail address was changed', [
      `Hi ${username},`,
      `Your account's e-mail address is now ${newEmail}. Messages will go there from now on.`,
      `If this was not you, write to ${b.supportEmail} at once.`,
    ]),
  /**
   * The receipt of a completed order. `r.test`: a test order (`livemode` false), whose receipt
   * says no money was charged and carries the test-mode line whatever mode the shop is in now.
   */
  receipt: (
    b: Brand,
    username: string,
    r: {
      orderId: string;
      planName: string;
      period: string;
      amount: string;
      date: string;
      test?: boolean;
    },
  ) =>
    layout(
      r.test ? { ...b, testMode: true } : b,
      `Receipt for order #${orderRef(r.orderId)}`,
      [
        `Hi ${username},`,
        `Thank you for your payment. Here is your receipt.`,
        `Order: #${orderRef(r.orderId)}`,
        `Plan: ${r.planName} (${r.period})`,
        `Amount: ${r.amount}${r.test ? ` (${TEST_ORDER_RECEIPT_NOTE})` : ''}`,
        `Date: ${r.date}`,
        ...sellerLines(b),
        `Download ${b.productName} for your computer at ${b.publicUrl}/downloads: the page offers the build for the computer you open it on, and every other build beside it, at any time while your subscription is active.`,
      ],
      { label: 'Open Order History', url: `${b.publicUrl}/orders` },
    ),
  /** The refund notice of an order; `r.test` as for {@link templates.receipt}. */
  refund: (
    b: Brand,
    username: string,
    r: { orderId: string; planName: string; amount: string; test?: boolean },
  ) =>
    layout(r.test ? { ...b, testMode: true } : b, `Refund for order #${orderRef(r.orderId)}`, [
      `Hi ${username},`,
      `Order #${orderRef(r.orderId)} (${r.planName}, ${r.amount}) was refunded. The time it added to your subscription was removed.`,
      ...sellerLines(b),
    ]),
  expiryReminder: (
    b: Brand,
    username: string,
    r: { planName: string; when: string; expired: boolean },
  ) =>
    layout(
      b,
      r.expired ? 'Your subscription has ended' : `Your subscription ends ${r.when}`,
      [
        `Hi ${username},`,
        r.expired
          ? `Your ${r.planName} subscription has ended, so downloads are paused. Renew any time to pick up where you left off.`
          : `Your ${r.planName} subscription ends ${r.when}. Renew now to keep downloading updates without a break: renewing early adds the new time after the current period.`,
      ],
      { label: 'Renew', url: `${b.publicUrl}/plans` },
    ),
  /**
   * Links to the builds of a version, asked for to open on a computer (docs/downloads.md
   * "E-mailed links"): the build for the computer it was asked from first, as the button, when
   * there is one (none when asked from a phone), and every other build listed under it.
   */
  downloadLink: (
    b: Brand,
    username: string,
    r: {
      version: string;
      primary: DownloadEntry | null;
      others: DownloadEntry[];
      expiresAt: string;
    },
  ) =>
    layout(
      b,
      `Your download link for ${b.productName} ${r.version}`,
      [
        `Hi ${username},`,
        r.primary
          ? `Here is the link to ${r.primary.filename} (${r.primary.label}, ${r.primary.size}) that you asked for. Open it on the computer where you want to install ${b.productName}.`
          : `Here are the links to ${b.productName} ${r.version} that you asked for, one for each kind of computer. Open this e-mail on the computer where you want to install ${b.productName} and choose its link.`,
        `The links work until ${r.expiresAt.slice(0, 16).replace('T', ' ')} UTC, while your subscription is active. If you did not ask for them, you can ignore this e-mail.`,
      ],
      r.primary ? { label: `Download ${r.primary.filename}`, url: r.primary.url } : undefined,
      {
        heading: r.primary ? 'For another computer:' : 'Choose the build for your computer:',
        links: r.others.map((o) => ({
          label: `${o.label} (${o.filename}, ${o.size})`,
          url: o.url,
        })),
      },
    ),
  /**
   * A new version on the stable channel, to subscribers who keep product e-mails on
   * (docs/updates.md "Release e-mails"): the version, its release notes when the changelog has
   * them, and where to get it.
   */
  releaseAvailable: (
    b: Brand,
    username: string,
    r: { version: string; title: string | null; changes: string | null },
  ) =>
    layout(
      b,
      `${b.productName} ${r.version} is available`,
      [
        `Hi ${username},`,
        `${b.productName} ${r.version} is out${r.title ? `: ${r.title}` : '.'}`,
        ...(r.changes ? notesLines(r.changes) : [`See what is new: ${b.publicUrl}/changelog`]),
        `Your program offers the update the next time it checks, or download it from your account now.`,
        'You get this e-mail because product updates are on in your profile (Notifications), where you can turn them off.',
      ],
      { label: `Download ${r.version}`, url: `${b.publicUrl}/downloads` },
    ),
  accountDeleted: (b: Brand, username: string) =>
    layout(b, 'Your account was deleted', [
      `Hi ${username},`,
      `Your ${b.productName} account was deleted and your personal data removed. Payment records are kept without your personal data for as long as the law requires.`,
      'We are sorry to see you go.',
    ]),
};
