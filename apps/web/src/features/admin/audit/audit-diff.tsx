/**
 * An audit entry's before → after as people read it: one line per changed field, named in words
 * ("Monthly price: 9.99 → 12.99"), values formatted (statuses in words, money in units, yes/no),
 * bookkeeping fields (ids, timestamps of the write) left out.
 */
import { humanize } from '../../../lib/format';
import { auditChange } from '../kit/admin-format';

/** Fields that say nothing about the change itself. */
const HIDDEN = new Set([
  'id',
  'updatedAt',
  'updated_at',
  'createdAt',
  'created_at',
  'passwordHash',
]);

/** A field name in words: 'monthlyPriceMinor' → 'Monthly price', 'is_active' → 'Active'. */
export function fieldLabel(key: string): string {
  const words = key
    .replace(/Minor$|_minor$/, '')
    .replace(/^is_|^is(?=[A-Z])/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2');
  const text = words.toLowerCase().replace(/_/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A value in words: '—' for none, Yes/No, money keys in units, statuses humanized. */
export function fieldValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number' && /Minor$|_minor$/.test(key)) return (value / 100).toFixed(2);
  if (typeof value === 'string') {
    if (/^[A-Z][A-Z_]+$/.test(value)) return humanize(value);
    if (/^\d{4}-\d{2}-\d{2}T/.test(value)) return value.slice(0, 16).replace('T', ' ') + ' UTC';
    return value;
  }
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.join(', ');
  return JSON.stringify(value);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The changed fields of `before` → `after`, as a description list. */
export function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const change = auditChange(before, after);
  const b = isRecord(change.before) ? change.before : {};
  const a = isRecord(change.after) ? change.after : {};
  const created = change.before === null;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => !HIDDEN.has(k));
  if (keys.length === 0) return <span className="text-slate-500">No field changed</span>;
  return (
    <dl className="min-w-0 space-y-1 text-sm">
      {keys.map((key) => (
        <div key={key} className="flex flex-wrap gap-x-1.5">
          <dt className="font-medium text-slate-700">{fieldLabel(key)}:</dt>
          <dd className="min-w-0 text-slate-900 [overflow-wrap:anywhere]">
            {created ? null : (
              <>
                <del className="text-slate-600">{fieldValue(key, b[key])}</del>
                <span aria-hidden="true"> → </span>
                <span className="sr-only"> changed to </span>
              </>
            )}
            <ins className="font-medium no-underline">{fieldValue(key, a[key])}</ins>
          </dd>
        </div>
      ))}
    </dl>
  );
}
