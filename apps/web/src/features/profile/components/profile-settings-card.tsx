/** Profile settings (username, country) saved with PUT /user/profile. */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { toast } from 'sonner';
import { COUNTRIES, countrySchema, errorText, usernameSchema, type User } from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { SelectField, TextField } from '../../../components/ui/field';
import { useAuth } from '../../../lib/auth';
import { PROFILE_ERRORS, updateProfile } from '../api/profile';

const profileFormSchema = z.object({
  username: usernameSchema,
  country: z.union([z.literal(''), countrySchema]),
});
type Values = z.input<typeof profileFormSchema>;
type Output = z.output<typeof profileFormSchema>;

/** The form; an empty country is saved as null (cleared). */
export function ProfileSettingsCard({ user }: { user: User }) {
  const { updateUser } = useAuth();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    clearErrors,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<Values, unknown, Output>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { username: user.username, country: user.country ?? '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });

  const onSubmit = handleSubmit(async ({ username, country }) => {
    setServerError(null);
    try {
      const { user: saved } = await updateProfile({ username, country: country || null });
      updateUser(saved);
      reset({ username: saved.username, country: saved.country ?? '' });
      toast.success('Profile updated');
    } catch (error) {
      setServerError(errorText(undefined, error as Error, PROFILE_ERRORS.updateProfile));
    }
  });

  return (
    <Card>
      <CardHeader title="Profile Settings" description="How you appear in the app." />
      <form onSubmit={onSubmit} noValidate className="space-y-5 px-5 py-5 sm:px-6">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Username"
            autoComplete="username"
            error={errors.username?.message}
            {...register('username', { onChange: () => clearErrors('username') })}
          />
          <SelectField
            label="Country"
            error={errors.country?.message}
            {...register('country', { onChange: () => clearErrors('country') })}
          >
            <option value="">Not specified</option>
            {COUNTRIES.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </SelectField>
        </div>
        {serverError ? <Alert variant="error">{serverError}</Alert> : null}
        <div className="flex justify-end">
          <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
            Save Changes
          </Button>
        </div>
      </form>
    </Card>
  );
}
