/**
 * "Channel and rollout" of one release: its channel, its staged rollout (a slider and a number
 * kept together, whole percent 0–100) and the oldest operating system it runs on. Saves only what
 * changed (`PATCH /admin/releases/{id}`).
 */
import { useId } from 'react';
import { z } from 'zod';
import {
  releaseChannelSchema,
  rolloutPercentageSchema,
  type AdminReleaseDetail,
  type UpdateReleaseRequest,
} from '@flockr/contract';
import { TextField } from '../../../components/ui/field';
import { fieldProps } from '../../../lib/form-field';
import { useChangeRelease } from './api/releases';
import { AdminForm, useAdminForm } from '../kit/admin-form';
import { ChannelField, RolloutField } from './channel-rollout-fields';

/** The form's schema: the fields as typed; an empty system version means none. */
const settingsSchema = z.object({
  channel: releaseChannelSchema,
  rollout_percentage: rolloutPercentageSchema,
  minimum_system_version: z
    .string()
    .trim()
    .max(20, 'At most 20 characters')
    .transform((value) => value || null),
});
type Values = z.input<typeof settingsSchema>;
type Output = z.output<typeof settingsSchema>;

/** What changed between `release` and the form's `values` (the PATCH body). */
export function changedSettings(release: AdminReleaseDetail, values: Output): UpdateReleaseRequest {
  const body: UpdateReleaseRequest = {};
  if (values.channel !== release.channel) body.channel = values.channel;
  if (values.rollout_percentage !== release.rollout_percentage)
    body.rollout_percentage = values.rollout_percentage;
  if (values.minimum_system_version !== release.minimum_system_version)
    body.minimum_system_version = values.minimum_system_version;
  return body;
}

/** The dialog for `release`; `onClose` runs on Cancel, Escape and after a save. */
export function ReleaseSettingsDialog({
  release,
  onClose,
}: {
  release: AdminReleaseDetail;
  onClose: () => void;
}) {
  const change = useChangeRelease();
  const sliderId = useId();
  const form = useAdminForm(settingsSchema, {
    channel: release.channel,
    rollout_percentage: release.rollout_percentage,
    minimum_system_version: release.minimum_system_version ?? '',
  } satisfies Values);
  const { setValue, watch } = form;
  const field = fieldProps(form);
  const rollout = watch('rollout_percentage');
  return (
    <AdminForm
      frame="dialog"
      title={`Channel and rollout of ${release.version}`}
      submitLabel="Save"
      form={form}
      mutation={{
        ...change,
        mutate: (values: Output, options) => {
          const body = changedSettings(release, values);
          // Nothing changed: nothing to send.
          if (Object.keys(body).length === 0) return options.onSuccess();
          change.mutate({ id: release.id, ...body }, options);
        },
      }}
      onClose={onClose}
    >
      <ChannelField form={form} />
      <div>
        <RolloutField
          form={form}
          hint="The share of users on the channel offered this release. Users stay in or out as it grows."
        />
        <label htmlFor={sliderId} className="sr-only">
          Rollout slider
        </label>
        <input
          id={sliderId}
          type="range"
          min={0}
          max={100}
          step={5}
          value={Number.isFinite(rollout) ? rollout : 0}
          onChange={(event) =>
            setValue('rollout_percentage', Number(event.target.value), {
              shouldDirty: true,
              shouldValidate: true,
            })
          }
          className="mt-3 w-full accent-brand-600"
        />
        <div aria-hidden="true" className="flex justify-between text-xs text-slate-500">
          <span>0%</span>
          <span>50%</span>
          <span>100%</span>
        </div>
      </div>
      <TextField
        label="Minimum system version (optional)"
        placeholder="e.g. 10.15"
        autoComplete="off"
        hint="The oldest operating system version this release runs on (Sparkle's minimum)."
        {...field('minimum_system_version')}
      />
    </AdminForm>
  );
}
