/** Profile settings (username, country) saved with PUT /user/profile. */
import { z } from 'zod';
import { COUNTRIES, countrySchema, usernameSchema, type User } from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { SelectField, TextField } from '../../../components/ui/field';
import { useUpdateProfile } from '../api/profile';
import { useOnSubmitForm } from '../../../lib/form-field';

const profileFormSchema = z.object({
  username: usernameSchema,
  country: z.union([z.literal(''), countrySchema]),
});

/**
 * The form, filled from `user`; Save Changes is enabled once something changed. An empty country
 * is saved as null (cleared). After saving, the form starts again from the saved values.
 */
export function ProfileSettingsCard({ user }: { user: User }) {
  const update = useUpdateProfile();
  const { form, field } = useOnSubmitForm(profileFormSchema, {
    username: user.username,
    country: user.country ?? '',
  });
  const {
    handleSubmit,
    reset,
    formState: { isDirty },
  } = form;

  const onSubmit = handleSubmit(({ username, country }) =>
    update.mutate(
      { username, country: country || null },
      {
        onSuccess: ({ user: saved }) =>
          reset({ username: saved.username, country: saved.country ?? '' }),
      },
    ),
  );

  return (
    <Card>
      <CardHeader title="Profile Settings" description="How you appear in the app." />
      <form onSubmit={onSubmit} noValidate className="space-y-5 px-5 py-5 sm:px-6">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="Username" autoComplete="username" {...field('username')} />
          <SelectField label="Country" {...field('country')}>
            <option value="">Not specified</option>
            {COUNTRIES.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </SelectField>
        </div>
        {update.error ? <Alert variant="error">{update.error.message}</Alert> : null}
        <div className="flex justify-end">
          <Button type="submit" loading={update.isPending} disabled={!isDirty}>
            Save Changes
          </Button>
        </div>
      </form>
    </Card>
  );
}
