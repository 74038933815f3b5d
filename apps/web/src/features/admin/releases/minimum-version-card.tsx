/**
 * The minimum supported version of the update feeds (docs/updates.md "Minimum supported
 * version"): programs older than it are told that an update is required. Set, changed or cleared
 * with `PUT /admin/update-settings`; a version that is not a semantic version is refused here.
 */
import { useState } from 'react';
import { SEMVER_PATTERN } from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { useUpdateSettings } from './api/releases';

/** The minimum supported version: programs older than it are told to update. */
export function MinimumVersionCard({ current }: { current: string | null }) {
  const save = useUpdateSettings();
  const [value, setValue] = useState(current ?? '');
  const [error, setError] = useState<string | undefined>();
  const trimmed = value.trim();
  const submit = (next: string) => {
    if (next && !SEMVER_PATTERN.test(next)) {
      setError('Version must be a semantic version such as 1.2.0');
      return;
    }
    setError(undefined);
    save.mutate(next || null);
  };
  return (
    <Card className="min-w-0">
      <CardHeader
        headingLevel={3}
        title="Minimum supported version"
        description="Programs older than this are told that an update is required. Leave empty for none."
      />
      <form
        noValidate
        aria-label="Minimum supported version"
        className="flex flex-wrap items-end gap-3 px-5 py-4 sm:px-6"
        onSubmit={(event) => {
          event.preventDefault();
          submit(trimmed);
        }}
      >
        <TextField
          label="Version"
          placeholder="None"
          autoComplete="off"
          className="min-w-0 flex-1 sm:max-w-56"
          value={value}
          error={error}
          onChange={(event) => setValue(event.target.value)}
        />
        <div className="flex gap-2">
          <Button type="submit" loading={save.isPending} disabled={trimmed === (current ?? '')}>
            Save
          </Button>
          {current ? (
            <Button
              variant="outline"
              disabled={save.isPending}
              onClick={() => {
                setValue('');
                submit('');
              }}
            >
              Clear
            </Button>
          ) : null}
        </div>
        {save.error ? (
          <Alert variant="error" className="basis-full">
            {save.error.message}
          </Alert>
        ) : null}
      </form>
    </Card>
  );
}
