/**
 * Yanking a release, confirmed: what it does (no feed or download centre offers it any more;
 * installed copies stay) and the reason, which admins see next to the release. Sent as
 * `PATCH /admin/releases/{id}` `{ yanked: true, yank_reason }`.
 */
import { z } from 'zod';
import type { AdminReleaseDetail } from '@flockr/contract';
import { TextareaField } from '../../../components/ui/field';
import { fieldProps } from '../../../lib/form-field';
import { useChangeRelease } from './api/releases';
import { AdminForm, useAdminForm } from '../kit/admin-form';

/** The reason: required here, so a yank always says why. */
const yankSchema = z.object({
  yank_reason: z
    .string()
    .trim()
    .min(1, 'Say why the release is yanked')
    .max(500, 'At most 500 characters'),
});

/** The confirmation for `release`; `onClose` runs on Cancel, Escape and after the yank. */
export function YankReleaseDialog({
  release,
  onClose,
}: {
  release: AdminReleaseDetail;
  onClose: () => void;
}) {
  const change = useChangeRelease();
  const form = useAdminForm(yankSchema, { yank_reason: '' }, 'yank_reason');
  const field = fieldProps(form);
  return (
    <AdminForm
      frame="dialog"
      title={`Yank version ${release.version}?`}
      submitLabel="Yank release"
      form={form}
      mutation={change}
      variables={({ yank_reason }) => ({ id: release.id, yanked: true, yank_reason })}
      onClose={onClose}
    >
      <p>
        No update feed and no download centre will offer {release.version} any more; updaters are
        offered the newest release that is not yanked. Programs that installed it keep it. You can
        restore it later.
      </p>
      <TextareaField
        label="Reason"
        placeholder="e.g. Crashes on start on Windows 10"
        {...field('yank_reason')}
      />
    </AdminForm>
  );
}
