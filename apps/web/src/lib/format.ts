/** Display formatting shared by several screens. */
import { orderRef } from '@flockr/contract';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
});
const calendarDateFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeZone: 'UTC',
});

/** Formats an ISO instant as a local date, e.g. 'Nov 21, 2026'; '—' when missing or invalid. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateFormat.format(date);
}

/** Formats an ISO instant as local date and time, e.g. 'Nov 21, 2026, 10:00 AM'. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateTimeFormat.format(date);
}

/** Formats a calendar date `YYYY-MM-DD` (release dates) without shifting it by time zone. */
export function formatCalendarDate(isoDate: string): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : calendarDateFormat.format(date);
}

/**
 * Order id as displayed (requirements §3): its last 8 characters, e.g. 'a1b2c3d4' — the contract's
 * `orderRef`, which receipts and the payment page use too.
 */
export function shortOrderId(id: string): string {
  return orderRef(id);
}

/** Billing period label of a duration in months: 1 → 'Monthly', 12 → 'Yearly'. */
export function periodLabel(durationMonths: number): 'Monthly' | 'Yearly' {
  return durationMonths === 12 ? 'Yearly' : 'Monthly';
}

/** Formats a whole amount without decimals, e.g. (40, 'USD') → '$40' (the yearly saving). */
export function formatWholeMoney(amount: number, currency: string, locale = 'en-US'): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }).format(amount);
}

/** Title-cases an enum value for display, e.g. 'SUPER_ADMIN' → 'Super Admin'. */
export function humanize(value: string): string {
  return value
    .toLowerCase()
    .split('_')
    .map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(' ');
}

const counts = new Intl.NumberFormat('en-US');

/** A count with thousands separators: 1234567 → '1,234,567'. */
export function formatCount(n: number): string {
  return counts.format(n);
}

const relativeFormat = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

/** The units of {@link formatRelativeTime}, largest first, with their length in seconds. */
const RELATIVE_UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/**
 * An ISO instant relative to `now` (ms), in words: 'just now' (under a minute either way),
 * '5 minutes ago', 'yesterday', '3 weeks ago', 'in 2 hours'; '—' when missing or invalid.
 */
export function formatRelativeTime(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return '—';
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return '—';
  const seconds = (time - now) / 1000;
  for (const [unit, length] of RELATIVE_UNITS) {
    if (Math.abs(seconds) >= length)
      return relativeFormat.format(Math.trunc(seconds / length), unit);
  }
  return 'just now';
}
