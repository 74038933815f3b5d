/**
 * Adding files to a release: several files chosen or dropped at once, one row per file with its
 * platform, architecture and kind (guessed from the name, artifact-guess.ts) and optional
 * signatures; Upload sends them one after the other (a multipart `POST` each), each row showing
 * its own progress and result. A Tauri `.sig` file dropped with its bundle fills that bundle's
 * signature instead of becoming a file of its own.
 */
import { useId, useRef } from 'react';
import { CheckCircle2, UploadCloud, X } from 'lucide-react';
import {
  ARCHES,
  ARTIFACT_KINDS,
  PLATFORMS,
  formatFileSize,
  type AdminReleaseDetail,
} from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { useArtifactUploads, type ArtifactRow } from './api/releases';
import { guessArtifact } from './artifact-guess';
import { dropZoneClass, useFileDrag } from './file-drop';
import { UploadProgress } from './upload-progress';
import { inlineSelectClass } from '../kit/admin-table';
import { PLATFORM_NAMES } from '../kit/release-names';

/** Names of the kinds in the selects. */
const KIND_NAMES: Record<(typeof ARTIFACT_KINDS)[number], string> = {
  installer: 'Installer (.exe, .msi)',
  zip: 'Zip',
  dmg: 'Disk image (.dmg)',
  appimage: 'AppImage',
  deb: 'Debian package',
  rpm: 'RPM package',
  archive: 'Archive (.tar.gz)',
  nupkg: 'NuGet package',
  delta: 'Delta package',
  blockmap: 'Blockmap',
  signature: 'Signature file',
};

/** The three selects of a file's row: the field, its name, its values and their names. */
const selects = [
  { field: 'platform', label: 'Platform', values: PLATFORMS, names: PLATFORM_NAMES },
  { field: 'arch', label: 'Architecture', values: ARCHES, names: null },
  {
    field: 'kind',
    label: 'Kind',
    values: ARTIFACT_KINDS,
    names: KIND_NAMES,
    className: 'col-span-2 sm:col-span-1',
  },
] as const;

let nextKey = 0;

/** A new row for `file`, guessed from its name, waiting to be uploaded. */
function newRow(file: File): ArtifactRow {
  return {
    key: `artifact-${(nextKey += 1)}`,
    file,
    ...guessArtifact(file.name),
    signature: '',
    ed_signature: '',
    state: 'waiting',
    progress: 0,
    error: null,
  };
}

/** Rows for `files`: each guessed from its name; `.sig` files pair with their bundle. */
export async function rowsFor(files: File[], existing: ArtifactRow[]): Promise<ArtifactRow[]> {
  const all = existing.map((row) => ({ ...row }));
  const signatures = files.filter((f) => f.name.endsWith('.sig'));
  for (const file of files.filter((f) => !f.name.endsWith('.sig'))) all.push(newRow(file));
  for (const sig of signatures) {
    const owner = all.find((row) => `${row.file.name}.sig` === sig.name && row.state !== 'done');
    if (owner) owner.signature = (await sig.text()).trim();
    else all.push(newRow(sig));
  }
  return all;
}

/** One file's row: name, size, the three selects, signatures, and its progress or result. */
function ArtifactRowView({
  row,
  locked,
  onChange,
  onRemove,
}: {
  row: ArtifactRow;
  locked: boolean;
  onChange: (change: Partial<ArtifactRow>) => void;
  onRemove: () => void;
}) {
  const name = row.file.name;
  const disabled = locked || row.state === 'done';
  return (
    <li className="grid gap-3 px-4 py-3 sm:px-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-medium break-all text-slate-900">{name}</p>
          <p className="text-xs text-slate-500">{formatFileSize(row.file.size)}</p>
        </div>
        {row.state === 'done' ? (
          <span className="flex shrink-0 items-center gap-1 text-sm font-medium text-emerald-700">
            <CheckCircle2 aria-hidden="true" className="size-4" />
            Uploaded
          </span>
        ) : (
          <Button
            variant="ghost"
            size="sm"
            disabled={locked}
            onClick={onRemove}
            icon={<X aria-hidden="true" className="size-4" />}
          >
            <span className="sr-only">Remove {name}</span>
          </Button>
        )}
      </div>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {selects.map((select) => (
          <select
            key={select.field}
            aria-label={`${select.label} of ${name}`}
            className={cn(inlineSelectClass, 'className' in select && select.className)}
            value={row[select.field]}
            disabled={disabled}
            onChange={(e) => onChange({ [select.field]: e.target.value } as Partial<ArtifactRow>)}
          >
            {select.values.map((value) => (
              <option key={value} value={value}>
                {select.names ? (select.names as Record<string, string>)[value] : value}
              </option>
            ))}
          </select>
        ))}
      </div>
      {row.state === 'done' ? null : (
        <details className="group text-sm" open={row.signature !== '' || undefined}>
          <summary className="cursor-pointer font-medium text-slate-700">
            Signatures (optional){row.signature ? ': minisign added' : ''}
          </summary>
          <div className="mt-2 grid gap-2">
            <label className="grid gap-1 text-xs font-medium text-slate-700">
              Tauri minisign signature (the .sig file&apos;s text)
              <textarea
                value={row.signature}
                disabled={disabled}
                rows={2}
                onChange={(e) => onChange({ signature: e.target.value })}
                className="rounded-lg border border-slate-300 bg-white px-2.5 py-1.5 font-mono text-xs text-slate-900 disabled:bg-slate-50"
              />
            </label>
            <label className="grid gap-1 text-xs font-medium text-slate-700">
              Sparkle Ed25519 signature
              <input
                value={row.ed_signature}
                disabled={disabled}
                onChange={(e) => onChange({ ed_signature: e.target.value })}
                className="rounded-lg border border-slate-300 bg-white px-2.5 py-1.5 font-mono text-xs text-slate-900 disabled:bg-slate-50"
              />
            </label>
          </div>
        </details>
      )}
      {row.state === 'uploading' ? <UploadProgress name={name} sent={row.progress} /> : null}
      {row.state === 'failed' && row.error ? <Alert variant="error">{row.error}</Alert> : null}
    </li>
  );
}

/**
 * The upload section of `release`: drop zone, rows, and Upload; `onClose` closes it (Cancel, or
 * Done once every file is uploaded).
 */
export function ArtifactUpload({
  release,
  onClose,
}: {
  release: AdminReleaseDetail;
  onClose: () => void;
}) {
  const { rows, setRows, patch, running, uploadAll } = useArtifactUploads();
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const waiting = rows.filter((r) => r.state !== 'done').length;

  const add = async (list: FileList | null) => {
    if (!list || list.length === 0) return;
    const files = Array.from(list);
    const next = await rowsFor(files, rows);
    setRows(next);
    if (input.current) input.current.value = '';
  };
  const { over, handlers } = useFileDrag((files) => void add(files));
  const upload = async () => {
    await uploadAll(release.id, release.version);
  };
  const allDone = rows.length > 0 && waiting === 0;

  return (
    <section
      aria-label={`Add files to ${release.version}`}
      className="border-t border-slate-100 bg-slate-50/60"
    >
      <div className="px-4 py-4 sm:px-5">
        <div {...handlers} className={dropZoneClass(over, !over && 'bg-white')}>
          <UploadCloud aria-hidden="true" className="size-7 text-slate-500" />
          <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
            Files of {release.version}
          </label>
          <p id={hintId} className="text-xs text-slate-600">
            Drag the files here, or choose them. A Tauri .sig file fills its bundle&apos;s
            signature.
          </p>
          {/* The input is kept for the keyboard and screen readers; its "No file chosen" is not
              shown, since the chosen files are listed below and it empties after each choice. */}
          <input
            ref={input}
            id={inputId}
            type="file"
            multiple
            aria-describedby={hintId}
            disabled={running}
            onChange={(event) => void add(event.target.files)}
            className="peer sr-only"
          />
          <label
            htmlFor={inputId}
            aria-hidden="true"
            className={cn(
              buttonClasses({ variant: 'outline', size: 'sm' }),
              'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
            )}
          >
            {rows.length > 0 ? 'Add more files' : 'Choose files'}
          </label>
        </div>
      </div>
      {rows.length > 0 ? (
        <ul
          aria-label={`Files to upload to ${release.version}`}
          className="divide-y divide-slate-200 border-y border-slate-200 bg-white"
        >
          {rows.map((row) => (
            <ArtifactRowView
              key={row.key}
              row={row}
              locked={running}
              onChange={(change) => patch(row.key, change)}
              onRemove={() => setRows((all) => all.filter((r) => r.key !== row.key))}
            />
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap justify-end gap-3 px-4 py-3 sm:px-5">
        <Button variant="outline" size="sm" onClick={onClose} disabled={running}>
          {allDone ? 'Done' : 'Cancel'}
        </Button>
        {allDone ? null : (
          <Button
            size="sm"
            loading={running}
            disabled={waiting === 0}
            icon={<UploadCloud aria-hidden="true" className="size-4" />}
            onClick={() => void upload()}
          >
            {waiting > 1 ? `Upload ${waiting} files` : 'Upload file'}
          </Button>
        )}
      </div>
    </section>
  );
}
