/**
 * The seller's cockpit beyond the spec's figures (README "Admins"): the business-health
 * dashboard, previews of what a status change will do before an admin confirms it, and the
 * audit trail told as sentences.
 */
import { z } from 'zod';
import { isoDateSchema, isoDateTimeSchema } from './common.js';
import { userStatusSchema } from './users.js';
import { ADMIN_SETTABLE_ORDER_STATUSES } from './admin.js';

/** Longest date range of the health dashboard, in days (ten years and a bit). */
export const HEALTH_MAX_RANGE_DAYS = 3700;

/**
 * `GET /admin/stats/health` query: an inclusive UTC date range. Without `from`, the first day
 * of the month eleven months before `to`; without `to`, today (UTC).
 */
export const healthQuerySchema = z
  .object({
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'From must be on or before To',
    path: ['from'],
  })
  .refine(
    (q) =>
      !q.from ||
      (Date.parse(q.to ?? new Date().toISOString().slice(0, 10)) - Date.parse(q.from)) /
        86_400_000 <=
        HEALTH_MAX_RANGE_DAYS,
    { message: `The range may span at most ${HEALTH_MAX_RANGE_DAYS} days`, path: ['from'] },
  );
export type HealthQuery = z.input<typeof healthQuerySchema>;

/** Revenue of one calendar month (UTC) of the range, decimal in the dashboard currency. */
export const monthRevenueSchema = z.object({
  month: z
    .string()
    .regex(/^\d{4}-\d{2}$/)
    .describe('YYYY-MM'),
  revenue: z.number().describe('Completed orders (refunded ones excluded), decimal'),
  orders: z.number().int().describe('Completed orders'),
  change: z
    .number()
    .nullable()
    .describe('Change against the month before as a fraction (0.25 = +25%); null when it had none'),
});
export type MonthRevenue = z.infer<typeof monthRevenueSchema>;

/** Subscriptions whose paid time ends within `days` days from now. */
export const dueSchema = z.object({
  days: z.number().int(),
  ending: z.number().int().describe('Subscriptions whose paid time ends in the window'),
  set_to_end: z
    .number()
    .int()
    .describe('Of those, the ones set to end (cancelled at period end): expiries, not renewals'),
});

/** `GET /admin/stats/health` answer. Counts are whole numbers; money is decimal in `currency`. */
export const businessHealthSchema = z.object({
  currency: z.string().length(3),
  from: isoDateSchema,
  to: isoDateSchema,
  revenue_by_month: z.array(monthRevenueSchema).describe('Oldest month first'),
  revenue_total: z.number(),
  active_by_plan: z
    .array(z.object({ plan_id: z.uuid(), plan_name: z.string(), active: z.number().int() }))
    .describe('Subscriptions with paid time left now, per plan'),
  subscribers: z.object({
    new: z.number().int().describe('Subscriptions started in the range'),
    lapsed: z.number().int().describe('Subscriptions whose paid time ran out in the range'),
  }),
  due: z.array(dueSchema).describe('The next 7 and 30 days'),
  pending: z.object({
    placed: z.number().int().describe('Orders placed in the range'),
    paid: z.number().int().describe('Of those, the ones paid (completed, or refunded later)'),
    paid_rate: z.number().nullable().describe('paid / placed as a fraction; null without orders'),
    open_now: z.number().int().describe('Orders waiting for payment now'),
  }),
  generated_at: isoDateTimeSchema,
});
export type BusinessHealth = z.infer<typeof businessHealthSchema>;
export const businessHealthResponseSchema = z.object({ health: businessHealthSchema });

/** `GET /admin/users/{id}/status/preview` query: the status the admin is about to set. */
export const userStatusPreviewQuerySchema = z.object({ status: userStatusSchema });
/** `GET /admin/orders/{id}/status/preview` query: the status the admin is about to set. */
export const orderStatusPreviewQuerySchema = z.object({
  status: z.enum(ADMIN_SETTABLE_ORDER_STATUSES),
});

/**
 * What a status change will do, computed by the server from the same rules the change runs:
 * whether it is allowed, the effects as sentences, the e-mails it sends, and how the buyer's
 * paid time moves (`access_until` before and after; `time_ms` positive when granted, negative
 * when taken back).
 */
export const statusPreviewSchema = z.object({
  from: z.string(),
  to: z.string(),
  allowed: z.boolean(),
  effects: z.array(z.string()),
  emails: z.array(z.string()).describe('"Receipt to bob@example.com"; empty when none is sent'),
  access_until: z.object({
    before: isoDateTimeSchema.nullable(),
    after: isoDateTimeSchema.nullable(),
  }),
  time_ms: z.number().int(),
});
export type StatusPreview = z.infer<typeof statusPreviewSchema>;
export const statusPreviewResponseSchema = z.object({ preview: statusPreviewSchema });

/**
 * Actions older audit entries carry that nothing writes any more: the words of the spec's
 * version admin (`/admin/downloads`) before it became an alias of the release manager, which
 * writes `release.*` for the same changes (docs/updates.md "One release capability", ADR 025).
 * The entries keep them, read as before ({@link auditSentence}) and can still be filtered by them.
 */
export const RETIRED_AUDIT_ACTIONS = [
  'download.create',
  'download.active',
  'download.update',
  'download.archive',
  'download.restore',
] as const;

/** Actions the audit trail records (values of `action`), the retired ones among them. */
export const AUDIT_ACTIONS = [
  'user.status',
  'user.role',
  'order.status',
  'plan.create',
  'plan.update',
  ...RETIRED_AUDIT_ACTIONS,
  'release.create',
  'release.publish',
  'release.withdraw',
  'release.archive',
  'release.restore',
  'release.yank',
  'release.unyank',
  'release.update',
  'release.file',
  'update_settings.update',
  'api_token.create',
  'api_token.revoke',
  'license.create',
  'license.rotate',
  'license.suspend',
  'license.reinstate',
  'license.devices_reset',
  'license.device_activate',
  'license.device_deactivate',
  'changelog.create',
  'changelog.update',
  'changelog.publish',
  'changelog.unpublish',
  'changelog.archive',
  'changelog.restore',
  'test_data.clear',
] as const;

/** What {@link auditSentence} reads of an audit entry. */
export interface AuditSentenceInput {
  actor: { username: string } | null;
  action: string;
  entity_type: string;
  entity_id: string;
  entity_label: string | null;
  before: unknown;
  after: unknown;
}

const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)[key]
    : undefined;

const words = (value: unknown) =>
  typeof value === 'string' ? value.toLowerCase().replace(/_/g, ' ') : 'unknown';

/** The license holder's username a license entry carries (`username` in after or before). */
const licensee = (entry: AuditSentenceInput, label: string) =>
  String(field(entry.after, 'username') ?? field(entry.before, 'username') ?? label);

/** The device a license entry names (`device_name` in after or before). */
const deviceName = (entry: AuditSentenceInput) =>
  `device ${String(field(entry.after, 'device_name') ?? field(entry.before, 'device_name') ?? '')}`.trim();

/**
 * One audit entry as a sentence, e.g. "owner suspended buyer42", "owner marked order #1a2b3c4d
 * as refunded", "owner archived release notes 1.2.0". The actor is "The system" for jobs.
 */
export function auditSentence(entry: AuditSentenceInput): string {
  const who = entry.actor?.username ?? 'The system';
  const label = entry.entity_label ?? entry.entity_id.slice(-8);
  const status = field(entry.after, 'status');
  switch (entry.action) {
    case 'user.status':
      if (status === 'SUSPENDED') return `${who} suspended ${label}`;
      if (status === 'INACTIVE') return `${who} deactivated ${label}`;
      return `${who} reactivated ${label}`;
    case 'user.role':
      return `${who} made ${label} ${words(field(entry.after, 'role'))}`;
    case 'order.status':
      return field(entry.before, 'status') === status
        ? `${who} changed the note of order #${entry.entity_id.slice(-8)}`
        : `${who} marked order #${entry.entity_id.slice(-8)} as ${words(status)}`;
    case 'plan.create':
      return `${who} created plan ${label}`;
    case 'plan.update':
      return `${who} changed plan ${label}`;
    case 'download.create':
      return `${who} added version ${label}`;
    case 'download.active':
      return `${who} ${field(entry.after, 'is_active') ? 'activated' : 'deactivated'} version ${label}`;
    case 'download.update':
      return `${who} edited version ${label}`;
    case 'download.archive':
      return `${who} archived version ${label}`;
    case 'download.restore':
      return `${who} restored version ${label}`;
    case 'release.create':
      return `${who} created release ${label}`;
    case 'release.publish':
      return `${who} published release ${label}`;
    case 'release.withdraw':
      return `${who} withdrew release ${label}`;
    case 'release.archive':
      return `${who} archived release ${label}`;
    case 'release.restore':
      return `${who} restored archived release ${label}`;
    case 'release.yank':
      return `${who} yanked release ${label}`;
    case 'release.unyank':
      return `${who} restored yanked release ${label}`;
    case 'release.update':
      return `${who} changed release ${label}`;
    case 'release.file':
      return `${who} added ${String(field(entry.after, 'filename') ?? 'a file')} to release ${label}`;
    case 'update_settings.update':
      return `${who} set the minimum supported version to ${String(field(entry.after, 'minimum_version') ?? 'none')}`;
    case 'api_token.create':
      return `${who} created API token ${String(field(entry.after, 'name') ?? label)}`;
    case 'api_token.revoke':
      return `${who} revoked API token ${String(field(entry.after, 'name') ?? label)}`;
    case 'license.create':
      return `${who} created the license of ${licensee(entry, label)}`;
    case 'license.rotate':
      return `${who} rotated the license key of ${licensee(entry, label)}`;
    case 'license.suspend':
      return `${who} suspended the license of ${licensee(entry, label)}`;
    case 'license.reinstate':
      return `${who} reinstated the license of ${licensee(entry, label)}`;
    case 'license.devices_reset':
      return `${who} deactivated every device of ${licensee(entry, label)}`;
    case 'license.device_activate':
      return `${who} activated ${deviceName(entry)} on the license of ${licensee(entry, label)}`;
    case 'license.device_deactivate':
      return `${who} deactivated ${deviceName(entry)} on the license of ${licensee(entry, label)}`;
    case 'changelog.create':
      return `${who} wrote release notes ${label}`;
    case 'changelog.update':
      return `${who} edited release notes ${label}`;
    case 'changelog.publish':
      return `${who} published release notes ${label}`;
    case 'changelog.unpublish':
      return `${who} unpublished release notes ${label}`;
    case 'changelog.archive':
      return `${who} archived release notes ${label}`;
    case 'changelog.restore':
      return `${who} restored release notes ${label}`;
    case 'test_data.clear': {
      const orders = Number(field(entry.after, 'orders') ?? 0);
      return `${who} cleared the test data (${orders} test order${orders === 1 ? '' : 's'})`;
    }
    default:
      return `${who} did ${entry.action} on ${words(entry.entity_type)} ${label}`;
  }
}
