/** Small formatting helpers of the admin panel. */

/** Today's local date as `YYYY-MM-DD` (the default release date of new versions and entries). */
export function todayIsoDate(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** True for a plain JSON object (not null, not an array). */
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * What an audit entry changed: when both snapshots are objects, only the keys whose values
 * differ (a plan update stores whole rows); otherwise the snapshots as they are.
 */
export function auditChange(before: unknown, after: unknown): { before: unknown; after: unknown } {
  if (!isRecord(before) || !isRecord(after)) return { before, after };
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  if (keys.length === 0) return { before, after };
  const pick = (source: Record<string, unknown>) =>
    Object.fromEntries(keys.filter((k) => k in source).map((k) => [k, source[k]]));
  return { before: pick(before), after: pick(after) };
}

/** One-line JSON of a snapshot; '—' for null or undefined. */
export function compactJson(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return JSON.stringify(value) ?? String(value);
}
