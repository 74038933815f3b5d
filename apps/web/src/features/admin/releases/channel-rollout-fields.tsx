/**
 * The Channel and Rollout (%) fields of a release (requirements §16: a channel, stable ⊂ rc ⊂
 * beta ⊂ alpha, and a staged rollout in whole percent 0–100), shared by New release and the
 * release's Channel and rollout dialog, with the contract's messages.
 */
import type { UseFormReturn } from 'react-hook-form';
import { RELEASE_CHANNELS, type ReleaseChannel } from '@flockr/contract';
import { SelectField, TextField } from '../../../components/ui/field';
import { fieldProps } from '../../../lib/form-field';
import { CHANNEL_NAMES } from '../kit/release-names';

/** The fields both forms have (optional where a schema gives a default). */
interface ChannelRolloutValues {
  channel?: ReleaseChannel;
  rollout_percentage?: number;
}

/** Any form whose schema has `channel` and `rollout_percentage`. */
type ReleaseForm<V extends ChannelRolloutValues, O> = UseFormReturn<V, unknown, O>;

/** The fields' props, read through the shared shape. */
const fieldsOf = <V extends ChannelRolloutValues, O>(form: ReleaseForm<V, O>) =>
  fieldProps(form as unknown as UseFormReturn<ChannelRolloutValues>);

/** The Channel select of `form`, one option per channel by its name. */
export function ChannelField<V extends ChannelRolloutValues, O>({
  form,
}: {
  form: ReleaseForm<V, O>;
}) {
  return (
    <SelectField label="Channel" {...fieldsOf(form)('channel')}>
      {RELEASE_CHANNELS.map((channel) => (
        <option key={channel} value={channel}>
          {CHANNEL_NAMES[channel]}
        </option>
      ))}
    </SelectField>
  );
}

/** The Rollout (%) number of `form`, with `hint` under it. */
export function RolloutField<V extends ChannelRolloutValues, O>({
  form,
  hint,
}: {
  form: ReleaseForm<V, O>;
  hint: string;
}) {
  return (
    <TextField
      label="Rollout (%)"
      type="number"
      inputMode="numeric"
      min={0}
      max={100}
      step={1}
      hint={hint}
      {...fieldsOf(form)('rollout_percentage', { valueAsNumber: true })}
    />
  );
}
