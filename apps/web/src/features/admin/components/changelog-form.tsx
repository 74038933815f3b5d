/**
 * "New entry" form of the changelog (spec section 5): version, title, changes in markdown with a
 * live preview, release date, and Publish now (unchecked saves a draft).
 */
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';
import { createChangelogRequestSchema } from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CheckboxField, TextField } from '../../../components/ui/field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { queryKeys } from '../../../lib/query-keys';
import { createChangelogEntry } from '../api/changelog';
import { adminKeys } from '../api/keys';
import { todayIsoDate } from './admin-format';
import { MarkdownPreview } from './markdown-preview';

/** The form's schema: the contract's payload with Publish now as a plain checkbox. */
const changelogFormSchema = createChangelogRequestSchema.extend({ is_published: z.boolean() });
type Values = z.input<typeof changelogFormSchema>;
type Output = z.output<typeof changelogFormSchema>;

/** The form in a card; `onClose` runs after save or cancel. */
export function ChangelogForm({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setFocus,
    control,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, Output>({
    resolver: zodResolver(changelogFormSchema),
    defaultValues: {
      version: '',
      title: '',
      changes: '',
      release_date: todayIsoDate(),
      is_published: false,
    },
  });
  const changes = useWatch({ control, name: 'changes' }) ?? '';
  useEffect(() => setFocus('version'), [setFocus]);

  const onSubmit = handleSubmit(async (payload) => {
    setServerError(null);
    try {
      const { entry } = await createChangelogEntry(payload);
      toast.success(
        entry.is_published
          ? `Version ${entry.version} published`
          : `Draft for version ${entry.version} saved`,
      );
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.changelog });
      onClose();
    } catch (error) {
      setServerError((error as Error).message);
    }
  });

  return (
    <Card className="min-w-0">
      <form onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
        <div className="border-b border-slate-100 px-5 py-4 sm:px-6">
          <h3 id={headingId} className="text-base font-semibold text-slate-900">
            New changelog entry
          </h3>
        </div>
        <div className="grid gap-5 px-5 py-5 sm:grid-cols-3 sm:px-6">
          <TextField
            label="Version"
            placeholder="1.4.0"
            autoComplete="off"
            error={errors.version?.message}
            {...register('version')}
          />
          <TextField
            label="Title"
            autoComplete="off"
            error={errors.title?.message}
            {...register('title')}
          />
          <TextField
            label="Release date"
            type="date"
            error={errors.release_date?.message}
            {...register('release_date')}
          />
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
          {serverError ? (
            <Alert variant="error" className="sm:col-span-3">
              {serverError}
            </Alert>
          ) : null}
        </div>
        <div className="flex flex-wrap justify-end gap-3 border-t border-slate-100 px-5 py-4 sm:px-6">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Save entry
          </Button>
        </div>
      </form>
    </Card>
  );
}
