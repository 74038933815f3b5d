/**
 * "New entry" and "Edit" form of the changelog (requirements §5): version, title, changes in
 * markdown with a live preview, release date, and Publish now (unchecked saves a draft).
 */
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { createChangelogRequestSchema, type AdminChangelogEntry } from '@flockr/contract';
import { CheckboxField, TextField } from '../../../components/ui/field';
import { fieldProps } from '../../../lib/form-field';
import { TextareaField } from '../../../components/ui/field';
import { useCreateChangelogEntry, useUpdateChangelogEntry } from './api/changelog';
import { AdminForm, useAdminForm } from '../kit/admin-form';
import { todayIsoDate } from '../kit/admin-format';
import { MarkdownPreview } from './markdown-preview';
import { ReleaseFields } from '../kit/release-fields';

/** The form's schema: the contract's payload with Publish now as a plain checkbox. */
const changelogFormSchema = createChangelogRequestSchema.extend({ is_published: z.boolean() });

/**
 * The form in a card: a new entry, or `entry` to edit (its fields, and whether it is
 * published). `onClose` runs after save or cancel.
 */
export function ChangelogForm({
  entry = null,
  onClose,
}: {
  entry?: AdminChangelogEntry | null;
  onClose: () => void;
}) {
  const create = useCreateChangelogEntry();
  const update = useUpdateChangelogEntry();
  const form = useAdminForm(
    changelogFormSchema,
    entry
      ? {
          version: entry.version,
          title: entry.title,
          changes: entry.changes,
          release_date: entry.release_date,
          is_published: entry.is_published,
        }
      : { version: '', title: '', changes: '', release_date: todayIsoDate(), is_published: false },
    'version',
  );
  const field = fieldProps(form);
  const changes = useWatch({ control: form.control, name: 'changes' }) ?? '';
  type Values = z.output<typeof changelogFormSchema>;
  const edit = (values: Values) => ({ id: entry?.id ?? '', ...values });
  const frame = { columns: 3 as const, form, onClose };
  const body = (
    <>
      <ReleaseFields form={form}>
        <TextField label="Title" autoComplete="off" {...field('title')} />
      </ReleaseFields>
      <div className="grid min-w-0 gap-5 sm:col-span-3 lg:grid-cols-2">
        <TextareaField
          label="Changes (markdown)"
          hint="Headings, lists, **bold**, `code` and links are supported; HTML is shown as text."
          rows={12}
          textareaClassName="font-mono min-h-64"
          {...field('changes')}
        />
        <MarkdownPreview markdown={changes} />
      </div>
      <CheckboxField
        label="Publish now"
        hint="Unchecked saves a draft that only admins see; publish it later from the list."
        className="sm:col-span-3"
        {...form.register('is_published')}
      />
    </>
  );
  return entry ? (
    <AdminForm
      title={`Edit changelog entry ${entry.version}`}
      submitLabel="Save changes"
      mutation={update}
      variables={edit}
      {...frame}
    >
      {body}
    </AdminForm>
  ) : (
    <AdminForm title="New changelog entry" submitLabel="Save entry" mutation={create} {...frame}>
      {body}
    </AdminForm>
  );
}
