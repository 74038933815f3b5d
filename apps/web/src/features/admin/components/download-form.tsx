/**
 * "Add version" form with two sources: upload the file to this server (multipart, with
 * progress) or point at an external URL (spec section 5: version, url, filename, file size in
 * bytes and release date are all required).
 */
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  API_ERRORS,
  createDownloadRequestSchema,
  uploadDownloadFieldsSchema,
} from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
import { CheckboxField, TextField } from '../../../components/ui/field';
import { queryKeys } from '../../../lib/query-keys';
import { adminKeys } from '../api/keys';
import { createDownload, uploadDownload } from '../api/downloads';
import { todayIsoDate } from './admin-format';

/** Where the new version's file comes from. */
export type DownloadSource = 'upload' | 'url';

/** Upload form: the contract's multipart fields plus the chosen file (required). */
export const uploadFormSchema = z.object({
  file: z.custom<FileList>(
    (value) => !!value && typeof value === 'object' && (value as FileList).length > 0,
    API_ERRORS.uploadMissingFile,
  ),
  version: uploadDownloadFieldsSchema.shape.version,
  release_date: uploadDownloadFieldsSchema.shape.release_date,
  /** Optional: empty keeps the uploaded file's own name. */
  filename: z.string().trim().max(255),
  is_active: z.boolean(),
});
type UploadValues = z.input<typeof uploadFormSchema>;
type UploadOutput = z.output<typeof uploadFormSchema>;

/** External-URL form: the contract's `POST /admin/downloads` payload. */
export const urlFormSchema = createDownloadRequestSchema.extend({ is_active: z.boolean() });
type UrlValues = z.input<typeof urlFormSchema>;
type UrlOutput = z.output<typeof urlFormSchema>;

/** Refreshes every admin list and the public version lists after a change. */
function useRefreshDownloads() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.downloads });
  };
}

/** Props of both modes; `focusOnMount` is false after the admin switched modes (focus stays on the switch). */
interface ModeProps {
  onDone: () => void;
  onCancel: () => void;
  focusOnMount: boolean;
}

/** Upload mode. */
function UploadForm({ onDone, onCancel, focusOnMount }: ModeProps) {
  const refresh = useRefreshDownloads();
  const progressId = useId();
  const [serverError, setServerError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<UploadValues, unknown, UploadOutput>({
    resolver: zodResolver(uploadFormSchema),
    defaultValues: { version: '', release_date: todayIsoDate(), filename: '', is_active: true },
  });
  useEffect(() => {
    if (focusOnMount) setFocus('file');
  }, [focusOnMount, setFocus]);

  const onSubmit = handleSubmit(async ({ file, version, release_date, filename, is_active }) => {
    setServerError(null);
    setProgress(0);
    try {
      const { download } = await uploadDownload(
        { version, release_date, filename: filename || undefined, is_active },
        file[0]!,
        setProgress,
      );
      toast.success(`Version ${download.version} added`);
      refresh();
      onDone();
    } catch (error) {
      setServerError((error as Error).message);
    } finally {
      setProgress(null);
    }
  });

  const percent = progress === null ? null : Math.round(progress * 100);
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Upload a file">
      <div className="grid gap-5 px-5 py-5 sm:grid-cols-2 sm:px-6">
        <TextField
          label="File"
          type="file"
          className="sm:col-span-2"
          error={errors.file?.message}
          {...register('file')}
        />
        <TextField
          label="Version"
          placeholder="1.4.0"
          autoComplete="off"
          error={errors.version?.message}
          {...register('version')}
        />
        <TextField
          label="Release date"
          type="date"
          error={errors.release_date?.message}
          {...register('release_date')}
        />
        <TextField
          label="Filename (optional)"
          hint="Leave empty to keep the uploaded file's name."
          autoComplete="off"
          error={errors.filename?.message}
          {...register('filename')}
        />
        <CheckboxField
          label="Active"
          hint="Active versions can be downloaded by subscribers."
          className="sm:self-center"
          {...register('is_active')}
        />
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
        {serverError ? (
          <Alert variant="error" className="sm:col-span-2">
            {serverError}
          </Alert>
        ) : null}
      </div>
      <FormActions submitLabel="Upload version" submitting={isSubmitting} onCancel={onCancel} />
    </form>
  );
}

/** External URL mode. */
function UrlForm({ onDone, onCancel, focusOnMount }: ModeProps) {
  const refresh = useRefreshDownloads();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<UrlValues, unknown, UrlOutput>({
    resolver: zodResolver(urlFormSchema),
    defaultValues: {
      version: '',
      download_url: '',
      filename: '',
      file_size: Number.NaN,
      release_date: todayIsoDate(),
      is_active: true,
    },
  });
  useEffect(() => {
    if (focusOnMount) setFocus('version');
  }, [focusOnMount, setFocus]);

  const onSubmit = handleSubmit(async (payload) => {
    setServerError(null);
    try {
      const { download } = await createDownload(payload);
      toast.success(`Version ${download.version} added`);
      refresh();
      onDone();
    } catch (error) {
      setServerError((error as Error).message);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="External URL">
      <div className="grid gap-5 px-5 py-5 sm:grid-cols-2 sm:px-6">
        <TextField
          label="Version"
          placeholder="1.4.0"
          autoComplete="off"
          error={errors.version?.message}
          {...register('version')}
        />
        <TextField
          label="Release date"
          type="date"
          error={errors.release_date?.message}
          {...register('release_date')}
        />
        <TextField
          label="Download URL"
          type="url"
          placeholder="https://example.com/flockr-1.4.0.zip"
          autoComplete="off"
          className="sm:col-span-2"
          error={errors.download_url?.message}
          {...register('download_url')}
        />
        <TextField
          label="Filename"
          autoComplete="off"
          error={errors.filename?.message}
          {...register('filename')}
        />
        <TextField
          label="File size (bytes)"
          type="number"
          min="1"
          step="1"
          inputMode="numeric"
          error={errors.file_size?.message}
          {...register('file_size', { valueAsNumber: true })}
        />
        <CheckboxField
          label="Active"
          hint="Active versions can be downloaded by subscribers."
          className="sm:col-span-2"
          {...register('is_active')}
        />
        {serverError ? (
          <Alert variant="error" className="sm:col-span-2">
            {serverError}
          </Alert>
        ) : null}
      </div>
      <FormActions submitLabel="Save version" submitting={isSubmitting} onCancel={onCancel} />
    </form>
  );
}

/** Cancel and submit buttons at the foot of the form. */
function FormActions({
  submitLabel,
  submitting,
  onCancel,
}: {
  submitLabel: string;
  submitting: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="flex flex-wrap justify-end gap-3 border-t border-slate-100 px-5 py-4 sm:px-6">
      <Button variant="outline" onClick={onCancel} disabled={submitting}>
        Cancel
      </Button>
      <Button type="submit" loading={submitting}>
        {submitLabel}
      </Button>
    </div>
  );
}

/** The "Add version" card with its source switch; `onClose` runs after save or cancel. */
export function DownloadForm({ onClose }: { onClose: () => void }) {
  const [source, setSource] = useState<DownloadSource>('upload');
  const [switched, setSwitched] = useState(false);
  const headingId = useId();
  const name = useId();
  const options: Array<{ value: DownloadSource; label: string }> = [
    { value: 'upload', label: 'Upload a file' },
    { value: 'url', label: 'External URL' },
  ];
  return (
    <Card className="min-w-0">
      <div className="border-b border-slate-100 px-5 py-4 sm:px-6">
        <h3 id={headingId} className="text-base font-semibold text-slate-900">
          Add version
        </h3>
        <fieldset className="mt-3">
          <legend className="sr-only">Source of the file</legend>
          <div className="inline-flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
            {options.map((o) => (
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
      {source === 'upload' ? (
        <UploadForm onDone={onClose} onCancel={onClose} focusOnMount={!switched} />
      ) : (
        <UrlForm onDone={onClose} onCancel={onClose} focusOnMount={!switched} />
      )}
    </Card>
  );
}
