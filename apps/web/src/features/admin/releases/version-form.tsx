/**
 * "Add version", the one way the Downloads tab adds a version, with three sources of its files:
 * upload one file to this server (chosen or dropped on the form; multipart, with progress), point
 * at one file at an external URL (requirements §5: version, url, filename, file size in bytes and
 * release date are all required), both the spec's calls (a release on Stable at full rollout
 * whose one file serves every computer), or files per platform: a release on a channel with a
 * staged rollout (`POST /admin/releases`, requirements §16) whose files are added next from its
 * row. Each ends with Active: published now, or kept as a draft.
 */
import { useId, useState, type ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import {
  API_ERRORS,
  createDownloadRequestSchema,
  createReleaseRequestSchema,
  uploadDownloadFieldsSchema,
  type CreateReleaseRequest,
} from '@flockr/contract';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
import { CheckboxField, TextField } from '../../../components/ui/field';
import { fieldProps } from '../../../lib/form-field';
import { useCreateRelease, useUploadRelease } from './api/downloads';
import { useCreateReleaseDraft } from './api/releases';
import { AdminForm, useAdminForm, type AdminFormProps } from '../kit/admin-form';
import { ChannelField, RolloutField } from './channel-rollout-fields';
import { FileDrop } from './file-drop';
import { todayIsoDate } from '../kit/admin-format';
import { ReleaseFields } from '../kit/release-fields';
import { UploadProgress } from './upload-progress';

/** Where the new version's files come from. */
export type VersionSource = 'upload' | 'url' | 'files';

/** Each source: its name (the switch's and the form's), its submit button and what it makes. */
const SOURCES: Record<VersionSource, { label: string; submitLabel: string; says: string }> = {
  upload: {
    label: 'Upload a file',
    submitLabel: 'Upload version',
    says: 'One file for every computer, stored on this server, on the Stable channel.',
  },
  url: {
    label: 'External URL',
    submitLabel: 'Save version',
    says: 'One file for every computer, hosted elsewhere, on the Stable channel.',
  },
  files: {
    label: 'Files per platform',
    submitLabel: 'Create release',
    says: 'A release on a channel with a staged rollout; add its installers and update packages for each platform from its row next.',
  },
};

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

/** Files-per-platform form: the contract's `POST /admin/releases` payload, `publish` as Active. */
export const filesFormSchema = createReleaseRequestSchema
  .omit({ publish: true })
  .extend({ is_active: z.boolean() });

/**
 * Props of every source's form. `focusOnMount` is false after the admin switched sources (focus
 * stays on the switch); `onCreated` gets the id of a release created without files.
 */
interface SourceProps {
  onClose: () => void;
  onCreated: (releaseId: string) => void;
  focusOnMount: boolean;
}

/** A source's form: {@link AdminForm} inside the card, named and submitted as `source` says. */
function SourceForm<V extends SharedValues, O, M>({
  source,
  ...form
}: { source: VersionSource } & Omit<AdminFormProps<V, O, M>, 'title' | 'submitLabel'>) {
  const { label, submitLabel } = SOURCES[source];
  return <AdminForm frame="section" title={label} submitLabel={submitLabel} {...form} />;
}

/** The fields every source has. */
type SharedValues = { version: string; release_date: string; is_active: boolean };

/**
 * Version and Release date, then `children` (the source's own fields), then Active with `hint`
 * (laid out by `activeClassName`), registered on `form`.
 */
function SharedFields<V extends SharedValues, O>({
  form,
  hint,
  activeClassName,
  children,
}: {
  form: UseFormReturn<V, unknown, O>;
  hint: string;
  activeClassName: string;
  children: ReactNode;
}) {
  // Every source's schema has `is_active`; register it through the shared shape.
  const { register } = form as unknown as UseFormReturn<SharedValues>;
  return (
    <>
      <ReleaseFields form={form} />
      {children}
      <CheckboxField
        label="Active"
        hint={hint}
        className={activeClassName}
        {...register('is_active')}
      />
    </>
  );
}

/** Hint of Active on the sources that bring their file. */
const ACTIVE_HINT = 'Active versions can be downloaded by subscribers.';

/** Upload a file, with the upload's progress while it runs. */
function UploadForm({ onClose, focusOnMount }: SourceProps) {
  const save = useUploadRelease();
  const form = useAdminForm(
    uploadFormSchema,
    { version: '', release_date: todayIsoDate(), filename: '', is_active: true },
    focusOnMount ? 'file' : undefined,
  );
  const field = fieldProps(form);
  const files = form.watch('file');
  return (
    <SourceForm source="upload" form={form} mutation={save} onClose={onClose}>
      <FileDrop
        label="File"
        className="sm:col-span-2"
        error={form.formState.errors.file?.message}
        registration={form.register('file')}
        files={files}
        onFiles={(chosen) =>
          form.setValue('file', chosen, {
            shouldDirty: true,
            shouldValidate: form.formState.isSubmitted,
          })
        }
      />
      <SharedFields form={form} hint={ACTIVE_HINT} activeClassName="sm:self-center">
        <TextField
          label="Filename (optional)"
          hint="Leave empty to keep the uploaded file's name."
          autoComplete="off"
          {...field('filename')}
        />
      </SharedFields>
      {save.progress === null ? null : (
        <UploadProgress
          name={files?.[0]?.name ?? 'the file'}
          sent={save.progress}
          className="sm:col-span-2"
        />
      )}
    </SourceForm>
  );
}

/** One file at an external URL. */
function UrlForm({ onClose, focusOnMount }: SourceProps) {
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
    <SourceForm source="url" form={form} mutation={save} onClose={onClose}>
      <SharedFields form={form} hint={ACTIVE_HINT} activeClassName="sm:col-span-2">
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
    </SourceForm>
  );
}

/** Files per platform: a release on a channel, a draft by default, whose files come next. */
function FilesForm({ onClose, onCreated, focusOnMount }: SourceProps) {
  const create = useCreateReleaseDraft();
  const form = useAdminForm(
    filesFormSchema,
    {
      version: '',
      channel: 'stable',
      release_date: todayIsoDate(),
      rollout_percentage: 100,
      minimum_system_version: null,
      is_active: false,
    },
    focusOnMount ? 'version' : undefined,
  );
  return (
    <SourceForm
      source="files"
      form={form}
      mutation={{
        ...create,
        // Once created, its row opens so its files can be added at once.
        mutate: (body: CreateReleaseRequest, options: { onSuccess: () => void }) =>
          create.mutate(body, {
            onSuccess: ({ release }) => {
              onCreated(release.id);
              options.onSuccess();
            },
          }),
      }}
      variables={({ is_active, ...release }) => ({ ...release, publish: is_active })}
      onClose={onClose}
    >
      <SharedFields
        form={form}
        hint="Leave off to keep a draft until every file is uploaded, then switch it on in the list."
        activeClassName="sm:col-span-2"
      >
        <ChannelField form={form} />
        <RolloutField
          form={form}
          hint="The share of users on the channel offered this release; raise it later."
        />
      </SharedFields>
    </SourceForm>
  );
}

const FORMS = { upload: UploadForm, url: UrlForm, files: FilesForm };

/**
 * The "Add version" card with its source switch; `onClose` runs after save or cancel,
 * `onCreated` with the id of a release created for files per platform.
 */
export function VersionForm({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (releaseId: string) => void;
}) {
  const [source, setSource] = useState<VersionSource>('upload');
  const [switched, setSwitched] = useState(false);
  const name = useId();
  const saysId = useId();
  const Source = FORMS[source];
  return (
    <Card className="min-w-0">
      <div className="border-b border-slate-100 px-5 py-4 sm:px-6">
        <h3 className="text-base font-semibold text-slate-900">Add version</h3>
        <fieldset className="mt-3" aria-describedby={saysId}>
          <legend className="sr-only">Source of the files</legend>
          <div className="inline-flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
            {(Object.keys(SOURCES) as VersionSource[]).map((value) => (
              <label
                key={value}
                className={cn(
                  'cursor-pointer rounded-md px-3 py-1.5 text-sm font-semibold transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
                  source === value
                    ? 'bg-white text-slate-900 shadow-sm'
                    : 'text-slate-600 hover:text-slate-900',
                )}
              >
                <input
                  type="radio"
                  name={name}
                  value={value}
                  checked={source === value}
                  onChange={() => {
                    setSource(value);
                    setSwitched(true);
                  }}
                  className="sr-only"
                />
                {SOURCES[value].label}
              </label>
            ))}
          </div>
          <p id={saysId} className="mt-2 text-sm text-slate-600">
            {SOURCES[source].says}
          </p>
        </fieldset>
      </div>
      <Source key={source} onClose={onClose} onCreated={onCreated} focusOnMount={!switched} />
    </Card>
  );
}
