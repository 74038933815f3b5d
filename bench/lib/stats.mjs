/** Shared by the bench scripts: percentiles, medians and a plain side-by-side table. */

/** The p-th percentile (0–100) of `values` (nearest rank), or NaN when empty. */
export function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** The median of `values`. */
export const median = (values) => percentile(values, 50);

/** `n` with `digits` decimals, or '–' when not a number. */
export const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');

/** Prints `rows` (arrays of cells) under `header` as aligned columns. */
export function printTable(header, rows) {
  const all = [header, ...rows].map((r) => r.map(String));
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i].length)));
  const line = (r) =>
    r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(line(all[0]));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of all.slice(1)) console.log(line(r));
}
