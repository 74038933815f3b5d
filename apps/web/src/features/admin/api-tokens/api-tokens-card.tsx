/**
 * API tokens for release pipelines (a CI job that creates releases and uploads their files acts
 * as the admin who made its token): the list with each token's prefix, maker, creation and last
 * use; New token (a name), whose secret is shown once with Copy; Revoke after a confirmation
 * (pipelines using it stop at once).
 */
import { useState } from 'react';
import { KeyRound, Plus } from 'lucide-react';
import type { ApiToken } from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextField } from '../../../components/ui/field';
import { formatDateTime } from '../../../lib/format';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from './api/api-tokens';
import { AdminTable, tdClass } from '../kit/admin-table';
import { QueryView } from '../kit/query-view';
import { SectionCard } from '../kit/section-card';

const columns = [
  'Name',
  'Token',
  'Created by',
  'Created',
  'Last used',
  { label: 'Actions', hidden: true },
] as const;

/** The new token's secret, shown this once. */
function NewToken({ name, token, onDone }: { name: string; token: string; onDone: () => void }) {
  return (
    <div className="px-5 pt-4 sm:px-6">
      <Alert variant="success" title={`API token ${name} created`}>
        <p>Copy it now: it is shown only this once.</p>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <code className="min-w-0 max-w-full rounded-md bg-white/70 px-2.5 py-1.5 font-mono text-xs break-all text-slate-900">
            {token}
          </code>
          <CopyButton value={token} what="API token" />
          <Button variant="ghost" size="sm" onClick={onDone}>
            Done
          </Button>
        </div>
      </Alert>
    </div>
  );
}

/** The name field and Create, shown after New token. */
function CreateTokenForm({
  onCreated,
  onCancel,
}: {
  onCreated: (name: string, token: string) => void;
  onCancel: () => void;
}) {
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      className="flex flex-wrap items-end gap-3 px-5 pt-4 sm:px-6"
      aria-label="New API token"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = name.trim();
        if (!trimmed) return setError('Name is required');
        if (trimmed.length > 100) return setError('At most 100 characters');
        setError(undefined);
        create.mutate(
          { name: trimmed },
          { onSuccess: ({ token, api_token }) => onCreated(api_token.name, token) },
        );
      }}
    >
      <TextField
        label="Token name"
        placeholder="e.g. GitHub Actions release"
        autoComplete="off"
        autoFocus
        className="min-w-0 flex-1 sm:max-w-sm"
        value={name}
        error={error}
        onChange={(event) => setName(event.target.value)}
      />
      <div className="flex gap-2">
        <Button variant="outline" onClick={onCancel} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={create.isPending}>
          Create token
        </Button>
      </div>
      {create.error ? (
        <Alert variant="error" className="basis-full">
          {create.error.message}
        </Alert>
      ) : null}
    </form>
  );
}

/** The confirmation of a revocation. */
function RevokeDialog({ token, onClose: close }: { token: ApiToken | null; onClose: () => void }) {
  const revoke = useRevokeApiToken();
  // The next token's dialog starts without this one's error.
  const onClose = () => {
    revoke.reset();
    close();
  };
  return (
    <ConfirmDialog
      open={token !== null}
      title={token ? `Revoke ${token.name}?` : ''}
      confirmLabel="Revoke token"
      busy={revoke.isPending}
      error={revoke.error}
      onClose={onClose}
      onConfirm={() =>
        token && revoke.mutate({ id: token.id, name: token.name }, { onSuccess: onClose })
      }
    >
      <p>The token stops working at once: every pipeline using it is refused from now on.</p>
    </ConfirmDialog>
  );
}

/** The API tokens card. */
export function ApiTokensCard() {
  const query = useApiTokens();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  return (
    <SectionCard
      title="API tokens"
      description="For release pipelines: a token acts as the admin who made it on the release endpoints."
      action={
        creating ? null : (
          <Button
            size="sm"
            icon={<Plus aria-hidden="true" className="size-4" />}
            onClick={() => {
              setCreated(null);
              setCreating(true);
            }}
          >
            New token
          </Button>
        )
      }
    >
      {creating ? (
        <CreateTokenForm
          onCancel={() => setCreating(false)}
          onCreated={(name, token) => {
            setCreating(false);
            setCreated({ name, token });
          }}
        />
      ) : null}
      {created ? <NewToken {...created} onDone={() => setCreated(null)} /> : null}
      <div className="pt-4">
        <QueryView query={query} loadingLabel="Loading API tokens…">
          {({ tokens }) =>
            tokens.length === 0 ? (
              <p className="flex items-center gap-2 px-5 pb-5 text-sm text-slate-600 sm:px-6">
                <KeyRound aria-hidden="true" className="size-4" />
                No API tokens yet.
              </p>
            ) : (
              <AdminTable label="API tokens" columns={columns} minWidth="min-w-[48rem]">
                {tokens.map((t) => (
                  <tr key={t.id} className={t.revoked_at ? 'text-slate-500' : undefined}>
                    <td className={`${tdClass} font-medium text-slate-900`}>{t.name}</td>
                    <td className={`${tdClass} font-mono text-xs whitespace-nowrap`}>
                      {t.prefix}…
                    </td>
                    <td className={tdClass}>{t.created_by}</td>
                    <td className={`${tdClass} whitespace-nowrap`}>
                      {formatDateTime(t.created_at)}
                    </td>
                    <td className={`${tdClass} whitespace-nowrap`}>
                      {t.last_used_at ? formatDateTime(t.last_used_at) : 'Never'}
                    </td>
                    <td className={`${tdClass} text-right`}>
                      {t.revoked_at ? (
                        <Badge tone="neutral">Revoked</Badge>
                      ) : (
                        <Button
                          variant="ghost"
                          size="sm"
                          className="text-red-700!"
                          onClick={() => setRevoking(t)}
                        >
                          Revoke <span className="sr-only">{t.name}</span>
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </AdminTable>
            )
          }
        </QueryView>
      </div>
      <RevokeDialog token={revoking} onClose={() => setRevoking(null)} />
    </SectionCard>
  );
}
