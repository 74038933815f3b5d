/**
 * Releases tab, the release manager (docs/updates.md): the minimum supported version, New release
 * (version, channel, date, rollout, publish now or draft), every release newest first as a card
 * (release-card.tsx: state, channel, rollout, yank, files, upload), and the API tokens of release
 * pipelines (../api-tokens/). The spec's Downloads tab stays as it was, for the program versions
 * it lists.
 */
import { useId, useState } from 'react';
import { PackagePlus, Rocket } from 'lucide-react';
import { SEMVER_PATTERN } from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { TextField } from '../../../components/ui/field';
import { useChangeRelease, useReleaseDetails, useUpdateSettings } from './api/releases';
import { useEditor } from '../kit/admin-list';
import { ApiTokensCard } from '../api-tokens';
import { QueryView } from '../kit/query-view';
import { ReleaseCard } from './release-card';
import { ReleaseCreateForm } from './release-create-form';

/** The minimum supported version: programs older than it are told to update. */
function MinimumVersionCard({ current }: { current: string | null }) {
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

/** The Releases tab. */
export function ReleasesPanel() {
  const query = useReleaseDetails();
  const change = useChangeRelease();
  const editor = useEditor();
  const headingId = useId();
  const create = editor.create('New release', PackagePlus);
  return (
    <section aria-labelledby={headingId} className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          Releases
        </h2>
        <Button
          id={create.id}
          icon={<PackagePlus aria-hidden="true" className="size-4" />}
          onClick={create.onClick}
          disabled={editor.editing !== null}
        >
          New release
        </Button>
      </div>
      {editor.editing ? <ReleaseCreateForm onClose={editor.close} /> : null}
      {change.error ? <Alert variant="error">{change.error.message}</Alert> : null}
      <QueryView query={query} loadingLabel="Loading releases…" card>
        {({ releases, minimum_version }) => (
          <>
            <MinimumVersionCard key={minimum_version ?? ''} current={minimum_version} />
            {releases.length === 0 ? (
              <Card>
                <EmptyState
                  icon={Rocket}
                  title="No releases yet"
                  description="Create the first release with New release, then add its files."
                />
              </Card>
            ) : (
              <ul aria-label="Releases" className="space-y-4">
                {releases.map((release) => (
                  <li key={release.id}>
                    <ReleaseCard release={release} change={change} />
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </QueryView>
      <ApiTokensCard />
    </section>
  );
}
