/**
 * CSV exports of the admin lists. A server list (users, orders) asks its export endpoint for
 * every row matching the list's filters and sort (the server streams it, formula-safe); a list
 * the page holds in full (versions, changelog) writes its CSV itself with the same contract
 * helpers (csv.ts). Either way the browser saves a `<list>-<YYYY-MM-DD>.csv` file.
 */
import { useState } from 'react';
import { csvDocument, CSV_MEDIA_TYPE, type CsvValue, type EndpointKey } from '@flockr/contract';
import { fetchFile, type ApiError, type CallInput } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toast';

/** Text when an export fails and the server gave no reason (ours; the spec gives none). */
export const EXPORT_FAILED_TEXT = 'Export failed. Please try again';

/** Saves `blob` as the file `filename` through a temporary `<a download>`. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the save before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** `<name>-<today, UTC>.csv`. */
export function csvFilename(name: string, now = new Date()): string {
  return `${name}-${now.toISOString().slice(0, 10)}.csv`;
}

/** An export in progress or not; `run` starts it (a second click while running does nothing). */
export interface CsvExport {
  run: () => void;
  pending: boolean;
}

/**
 * Export of a server list through `endpoint` (e.g. `'GET /admin/users/export'`) with `query` (the
 * list's filters and sort, '' values left out). A failure shows the server's text as a toast.
 */
export function useServerCsv<K extends EndpointKey>(
  endpoint: K,
  query: object,
  name: string,
): CsvExport {
  const [pending, setPending] = useState(false);
  const run = () => {
    if (pending) return;
    setPending(true);
    const clean = Object.fromEntries(
      Object.entries(query as Record<string, unknown>).filter(
        ([key, v]) => key !== 'page' && v !== '' && v !== undefined,
      ),
    );
    fetchFile(endpoint, { query: clean } as CallInput<K>, { fallback: EXPORT_FAILED_TEXT })
      .then(({ blob, filename }) => saveFile(blob, filename ?? csvFilename(name)))
      .catch((error: ApiError) => toast.error(error.message || EXPORT_FAILED_TEXT))
      .finally(() => setPending(false));
  };
  return { run, pending };
}

/** How a list held in full writes its CSV: the header and one line of values per item. */
export interface LocalCsv<TItem> {
  name: string;
  header: readonly string[];
  row: (item: TItem) => readonly CsvValue[];
}

/** Saves `items` (as the list shows them: filtered and sorted) as CSV per `spec`. */
export function saveLocalCsv<TItem>(spec: LocalCsv<TItem>, items: readonly TItem[]): void {
  const text = csvDocument(spec.header, items.map(spec.row));
  saveFile(new Blob([text], { type: CSV_MEDIA_TYPE }), csvFilename(spec.name));
}
