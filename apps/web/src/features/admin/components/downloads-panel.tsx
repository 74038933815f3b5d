/**
 * Downloads tab: every program version with size, release date, active switch, download count
 * and checksum; "Add version" opens the upload / external-URL form above the list.
 */
import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, HardDrive, PackagePlus } from 'lucide-react';
import { toast } from 'sonner';
import type { AdminDownload } from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { formatCalendarDate } from '../../../lib/format';
import { queryKeys } from '../../../lib/query-keys';
import { adminDownloadsQueryOptions, updateDownload } from '../api/downloads';
import { adminKeys } from '../api/keys';
import { AdminTable, tdClass, thClass } from './admin-table';
import { DownloadForm } from './download-form';
import { ErrorState } from './list-states';

/** Characters of the SHA-256 shown in the table (the full hash is in the title). */
const SHA_PREFIX = 12;

/** A compact on/off switch named by `label` (for table rows, where there is no room for text). */
function RowSwitch({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors',
        'disabled:cursor-not-allowed disabled:opacity-60',
        checked ? 'bg-brand-600' : 'bg-slate-300',
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'inline-block size-5 rounded-full bg-white shadow transition-transform',
          checked ? 'translate-x-5.5' : 'translate-x-0.5',
        )}
      />
    </button>
  );
}

/** One version row. */
function DownloadRow({
  download,
  onError,
}: {
  download: AdminDownload;
  onError: (message: string | null) => void;
}) {
  const queryClient = useQueryClient();
  const active = useMutation({
    mutationFn: (next: boolean) => updateDownload(download.id, next),
    onMutate: () => onError(null),
    onSuccess: ({ download: saved }) => {
      toast.success(`Version ${saved.version} ${saved.is_active ? 'activated' : 'deactivated'}`);
      void queryClient.invalidateQueries({ queryKey: queryKeys.downloads });
      return queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (error) => onError(error.message),
  });
  const shownActive = active.isPending ? active.variables : download.is_active;
  return (
    <tr>
      <td className={`${tdClass} font-semibold whitespace-nowrap text-slate-900`}>
        v{download.version}
      </td>
      <td className={`${tdClass} max-w-[14rem]`}>
        <p className="truncate" title={download.filename}>
          {download.filename}
        </p>
        <p className="text-xs text-slate-500">
          {download.download_url ? (
            <a
              href={download.download_url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              External URL
              <ExternalLink aria-hidden="true" className="size-3" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          ) : (
            'Stored on this server'
          )}
        </p>
      </td>
      <td className={`${tdClass} whitespace-nowrap`}>
        <span title={`${download.file_size} bytes`}>{download.file_size_formatted}</span>
      </td>
      <td className={`${tdClass} whitespace-nowrap`}>
        {formatCalendarDate(download.release_date)}
      </td>
      <td className={tdClass}>
        <RowSwitch
          label={`Version ${download.version} active`}
          checked={shownActive}
          disabled={active.isPending}
          onChange={(next) => active.mutate(next)}
        />
      </td>
      <td className={`${tdClass} text-right tabular-nums`}>{download.download_count}</td>
      <td className={`${tdClass} font-mono text-xs whitespace-nowrap`}>
        {download.sha256 ? (
          <span title={download.sha256}>
            {download.sha256.slice(0, SHA_PREFIX)}…
            <span className="sr-only"> (full hash: {download.sha256})</span>
          </span>
        ) : (
          <span className="text-slate-500">—</span>
        )}
      </td>
    </tr>
  );
}

/** The downloads tab. */
export function DownloadsPanel() {
  const query = useQuery(adminDownloadsQueryOptions);
  const [adding, setAdding] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const addButtonId = useId();
  const downloads = query.data?.downloads ?? [];

  const close = () => {
    setAdding(false);
    document.getElementById(addButtonId)?.focus();
  };

  return (
    <section aria-labelledby="admin-downloads-heading" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="admin-downloads-heading" className="text-base font-semibold text-slate-900">
          Program versions
        </h2>
        <Button
          id={addButtonId}
          icon={<PackagePlus aria-hidden="true" className="size-4" />}
          onClick={() => setAdding(true)}
        >
          Add version
        </Button>
      </div>
      {adding ? <DownloadForm onClose={close} /> : null}
      <Card className="min-w-0">
        {actionError ? (
          <div className="px-5 pt-4 sm:px-6">
            <Alert variant="error">{actionError}</Alert>
          </div>
        ) : null}
        {query.isPending ? (
          <Spinner label="Loading versions…" />
        ) : query.isError ? (
          <ErrorState
            message={query.error.message}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : downloads.length === 0 ? (
          <EmptyState
            icon={HardDrive}
            title="No versions yet"
            description="Add the first version of the program with Add version."
          />
        ) : (
          <AdminTable
            label="Program versions"
            minWidth="min-w-[52rem]"
            head={
              <>
                <th scope="col" className={thClass}>
                  Version
                </th>
                <th scope="col" className={thClass}>
                  File
                </th>
                <th scope="col" className={thClass}>
                  Size
                </th>
                <th scope="col" className={thClass}>
                  Released
                </th>
                <th scope="col" className={thClass}>
                  Active
                </th>
                <th scope="col" className={`${thClass} text-right`}>
                  Downloads
                </th>
                <th scope="col" className={thClass}>
                  SHA-256
                </th>
              </>
            }
          >
            {downloads.map((d) => (
              <DownloadRow key={d.id} download={d} onError={setActionError} />
            ))}
          </AdminTable>
        )}
      </Card>
    </section>
  );
}
