/** Dialog to edit a program version's release date (the version and its file stay as they are). */
import { z } from 'zod';
import type { AdminReleaseDetail, updateDownloadRequestSchema } from '@flockr/contract';
import { TextField } from '../../../components/ui/field';
import { fieldProps } from '../../../lib/form-field';
import { useUpdateRelease } from './api/downloads';
import { AdminForm, useAdminForm } from '../kit/admin-form';

/** The form's schema: the release date of the contract's update payload. */
const releaseEditSchema = z.object({
  release_date: z.iso.date({ error: 'Release date is required' }),
}) satisfies z.ZodType<Pick<z.input<typeof updateDownloadRequestSchema>, 'release_date'>>;

/** The dialog for `release`; `onClose` runs on Cancel, Escape and after saving. */
export function ReleaseEditDialog({
  release,
  onClose,
}: {
  release: Pick<AdminReleaseDetail, 'id' | 'version' | 'release_date'>;
  onClose: () => void;
}) {
  const save = useUpdateRelease();
  const form = useAdminForm(releaseEditSchema, { release_date: release.release_date });
  const field = fieldProps(form);
  return (
    <AdminForm
      frame="dialog"
      title={`Edit version ${release.version}`}
      submitLabel="Save version"
      form={form}
      mutation={save}
      variables={(values) => ({ id: release.id, ...values })}
      onClose={onClose}
    >
      <TextField label="Release date" type="date" {...field('release_date')} />
    </AdminForm>
  );
}
