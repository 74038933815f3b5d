/**
 * "Add version" form with two sources: upload the file to this server (chosen or dropped on
 * the form; multipart, with progress) or point at an external URL (requirements §5: version, url, filename, file size in
 * bytes and release date are all required).
 */
import { useId, useState, type ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import {
  API_ERRORS,
  createDownloadRequestSchema,
  uploadDownloadFieldsSchema,
} from '@flockr/contract';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
import { CheckboxField, TextField } from '../../../components/ui/field';
import { fieldProps } from '../../../lib/form-field';
import { useCreateRelease, useUploadRelease } from './api/downloads';
import { AdminForm, useAdminForm } from '../kit/admin-form';
import { FileDrop } from './file-drop';
import { todayIsoDate } from '../kit/admin-format';
import { ReleaseFields } from '../kit/release-fields';

/** Where the new version's file comes from. */
export type DownloadSource = 'upload' | 'url';

/**
 * Upload form: the contract's multipart fields plus the chosen file (required); its output is
 * what `useUploadRelease` sends (the file itself, no empty filename).
 */
export const uploadFormSchema = z.object({
  file: z
    .custom<FileList>(
      (value) => !!value && typeof value === 'object' && (value as FileList).length > 0,
      API_ERRORS.uploadMissingFile,
    )
    .transform((files) => files[0]!),
  version: uploadDownloadFieldsSchema.shape.version,
  release_date: uploadDownloadFieldsSchema.shape.release_date,
  /** Optional: empty keeps the uploaded file's own name. */
  filename: z
    .string()
    .trim()
    .max(255)
    .transform((name) => name || undefined),
  is_active: z.boolean(),
});

/** External-URL form: the contract's `POST /admin/downloads` payload. */
export const urlFormSchema = createDownloadRequestSchema.extend({ is_active: z.boolean() });

/** Props of both modes; `focusOnMount` is false after the admin switched modes (focus stays on the switch). */
interface ModeProps {
  onClose: () => void;
  focusOnMount: boolean;
}

/** The fields both modes have. */
type SharedValues = { version: string; release_date: string; is_active: boolean };

/**
 * Version and Release date, then `children` (the mode's own fields), then Active (laid out by
 * `activeClassName`), registered on `form`.
 */
function SharedFields<V extends SharedValues, O>({
  form,
  activeClassName,
  children,
}: {
  form: UseFormReturn<V, unknown, O>;
  activeClassName: string;
  children: ReactNode;
}) {
  // Both modes' schemas have `is_active`; register it through the shared shape.
  const { register } = form as unknown as UseFormReturn<SharedValues>;
  return (
    <>
      <ReleaseFields form={form} />
      {children}
      <CheckboxField
        label="Active"
        hint="Active versions can be downloaded by subscribers."
        className={activeClassName}
        {...register('is_active')}
      />
    </>
  );
}

/** Upload mode, with the upload's progress while it runs. */
function UploadForm({ onClose, focusOnMount }: ModeProps) {
  const save = useUploadRelease();
  const progressId = useId();
  const form = useAdminForm(
    uploadFormSchema,
    { version: '', release_date: todayIsoDate(), filename: '', is_active: true },
    focusOnMount ? 'file' : undefined,
  );
  const field = fieldProps(form);
  const percent = save.progress === null ? null : Math.round(save.progress * 100);
  return (
    <AdminForm
      frame="section"
      title="Upload a file"
      submitLabel="Upload version"
      form={form}
      mutation={save}
      onClose={onClose}
    >
      <FileDrop
        label="File"
        className="sm:col-span-2"
        error={form.formState.errors.file?.message}
        registration={form.register('file')}
        files={form.watch('file')}
        onFiles={(files) =>
          form.setValue('file', files, {
            shouldDirty: true,
            shouldValidate: form.formState.isSubmitted,
          })
        }
      />
      <SharedFields form={form} activeClassName="sm:self-center">
        <TextField
          label="Filename (optional)"
          hint="Leave empty to keep the uploaded file's name."
          autoComplete="off"
          {...field('filename')}
        />
      </SharedFields>
      {percent !== null ? (
        <div className="sm:col-span-2">
          <label htmlFor={progressId} className="text-sm text-slate-700">
            Uploading… {percent}%
          </label>
          <progress
            id={progressId}
            max={100}
            value={percent}
            className="mt-1 block h-2 w-full overflow-hidden rounded-full accent-brand-600"
          />
        </div>
      ) : null}
    </AdminForm>
  );
}

/** External URL mode. */
function UrlForm({ onClose, focusOnMount }: ModeProps) {
  const save = useCreateRelease();
  const form = useAdminForm(
    urlFormSchema,
    {
      version: '',
      download_url: '',
      filename: '',
      file_size: Number.NaN,
      release_date: todayIsoDate(),
      is_active: true,
    },
    focusOnMount ? 'version' : undefined,
  );
  const field = fieldProps(form);
  return (
    <AdminForm
      frame="section"
      title="External URL"
      submitLabel="Save version"
      form={form}
      mutation={save}
      onClose={onClose}
    >
      <SharedFields form={form} activeClassName="sm:col-span-2">
        <TextField
          label="Download URL"
          type="url"
          placeholder="https://example.com/flockr-1.4.0.zip"
          autoComplete="off"
          className="sm:col-span-2"
          {...field('download_url')}
        />
        <TextField label="Filename" autoComplete="off" {...field('filename')} />
        <TextField
          label="File size (bytes)"
          type="number"
          min="1"
          step="1"
          inputMode="numeric"
          {...field('file_size', { valueAsNumber: true })}
        />
      </SharedFields>
    </AdminForm>
  );
}

const sources: Array<{ value: DownloadSource; label: string }> = [
  { value: 'upload', label: 'Upload a file' },
  { value: 'url', label: 'External URL' },
];

/** The "Add version" card with its source switch; `onClose` runs after save or cancel. */
export function DownloadForm({ onClose }: { onClose: () => void }) {
  const [source, setSource] = useState<DownloadSource>('upload');
  const [switched, setSwitched] = useState(false);
  const name = useId();
  const Mode = source === 'upload' ? UploadForm : UrlForm;
  return (
    <Card className="min-w-0">
      <div className="border-b border-slate-100 px-5 py-4 sm:px-6">
        <h3 className="text-base font-semibold text-slate-900">Add version</h3>
        <fieldset className="mt-3">
          <legend className="sr-only">Source of the file</legend>
          <div className="inline-flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
            {sources.map((o) => (
              <label
                key={o.value}
                className={cn(
                  'cursor-pointer rounded-md px-3 py-1.5 text-sm font-semibold transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
                  source === o.value
                    ? 'bg-white text-slate-900 shadow-sm'
                    : 'text-slate-600 hover:text-slate-900',
                )}
              >
                <input
                  type="radio"
                  name={name}
                  value={o.value}
                  checked={source === o.value}
                  onChange={() => {
                    setSource(o.value);
                    setSwitched(true);
                  }}
                  className="sr-only"
                />
                {o.label}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      <Mode key={source} onClose={onClose} focusOnMount={!switched} />
    </Card>
  );
}
