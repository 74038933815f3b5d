/**
 * "New entry" form of the changelog (spec section 5): version, title, changes in markdown with a
 * live preview, release date, and Publish now (unchecked saves a draft).
 */
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { createChangelogRequestSchema } from '@flockr/contract';
import { CheckboxField, TextField } from '../../../components/ui/field';
import { TextareaField } from '../../../components/ui/field';
import { useCreateChangelogEntry } from '../api/changelog';
import { AdminForm, useAdminForm } from './admin-form';
import { todayIsoDate } from './admin-format';
import { MarkdownPreview } from './markdown-preview';
import { ReleaseFields } from './release-fields';

/** The form's schema: the contract's payload with Publish now as a plain checkbox. */
const changelogFormSchema = createChangelogRequestSchema.extend({ is_published: z.boolean() });

/** The form in a card; `onClose` runs after save or cancel. */
export function ChangelogForm({ onClose }: { onClose: () => void }) {
  const save = useCreateChangelogEntry();
  const form = useAdminForm(
    changelogFormSchema,
    { version: '', title: '', changes: '', release_date: todayIsoDate(), is_published: false },
    'version',
  );
  const { register } = form;
  const { errors } = form.formState;
  const changes = useWatch({ control: form.control, name: 'changes' }) ?? '';
  return (
    <AdminForm
      title="New changelog entry"
      submitLabel="Save entry"
      columns={3}
      form={form}
      mutation={save}
      onClose={onClose}
    >
      <ReleaseFields form={form}>
        <TextField
          label="Title"
          autoComplete="off"
          error={errors.title?.message}
          {...register('title')}
        />
      </ReleaseFields>
      <div className="grid min-w-0 gap-5 sm:col-span-3 lg:grid-cols-2">
        <TextareaField
          label="Changes (markdown)"
          hint="Headings, lists, **bold**, `code` and links are supported; HTML is shown as text."
          rows={12}
          textareaClassName="font-mono min-h-64"
          error={errors.changes?.message}
          {...register('changes')}
        />
        <MarkdownPreview markdown={changes} />
      </div>
      <CheckboxField
        label="Publish now"
        hint="Unchecked saves a draft that only admins see; publish it later from the list."
        className="sm:col-span-3"
        {...register('is_published')}
      />
    </AdminForm>
  );
}
