/**
 * "New release" form of the release manager: version, channel, release date, rollout and
 * whether to publish now or keep a draft (the default: add the files first, then publish). Sent
 * as the contract's `POST /admin/releases` payload, validated with its schema and messages.
 */
import { createReleaseRequestSchema } from '@flockr/contract';
import { CheckboxField, TextField } from '../../../components/ui/field';
import { fieldProps } from '../../../lib/form-field';
import { useCreateReleaseDraft } from './api/releases';
import { AdminForm, useAdminForm } from '../kit/admin-form';
import { todayIsoDate } from '../kit/admin-format';
import { ChannelField, RolloutField } from './channel-rollout-fields';

/** The new-release form in a card; `onClose` runs after a save or Cancel. */
export function ReleaseCreateForm({ onClose }: { onClose: () => void }) {
  const create = useCreateReleaseDraft();
  const form = useAdminForm(
    createReleaseRequestSchema,
    {
      version: '',
      channel: 'stable',
      release_date: todayIsoDate(),
      rollout_percentage: 100,
      minimum_system_version: null,
      publish: false,
    },
    'version',
  );
  const field = fieldProps(form);
  return (
    <AdminForm
      title="New release"
      submitLabel="Create release"
      form={form}
      mutation={create}
      onClose={onClose}
      columns={2}
    >
      <TextField
        label="Version"
        placeholder="2.1.0 or 2.1.0-beta.1"
        autoComplete="off"
        {...field('version')}
      />
      <ChannelField form={form} />
      <TextField label="Release date" type="date" {...field('release_date')} />
      <RolloutField
        form={form}
        hint="The share of users on the channel offered this release; raise it later."
      />
      <CheckboxField
        label="Publish now"
        hint="Leave off to keep a draft until every file is uploaded, then publish it."
        className="sm:col-span-2"
        {...form.register('publish')}
      />
    </AdminForm>
  );
}
