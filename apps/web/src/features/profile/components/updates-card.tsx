/**
 * The "Updates" card of /profile (docs/updates.md): what the subscription gives the update feeds
 * now, in plain words; the release channel (saved with `PUT /updates/me`); the feed token the
 * installed program authenticates with — masked, with Show, Copy and Rotate (a confirmation
 * dialog, loaded when opened) —; and the feed URLs per updater, each with Copy, in a disclosure
 * so the card stays short. The URLs carry the token, so they are masked with it.
 */
import { lazy, useState } from 'react';
import { Link } from 'react-router';
import { CheckCircle2, ChevronRight } from 'lucide-react';
import {
  RELEASE_CHANNELS,
  type FeedUrls,
  type MyUpdatesResponse,
  type ReleaseChannel,
  type UpdateAccess,
} from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { SelectField } from '../../../components/ui/field';
import { maskSecret } from '../../../components/ui/masked-secret';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDate } from '../../../lib/format';
import { CHANNEL_LABELS, useMyUpdates, useSetReleaseChannel } from '../api/updates';
import { QueryCard } from './query-card';
import { RotatableSecret } from './rotatable-secret';

/** The rotation's confirmation dialog, loaded when opened. */
const RotateFeedTokenDialog = lazy(() =>
  import('./rotate-feed-token-dialog').then((m) => ({ default: m.RotateFeedTokenDialog })),
);

/** The updaters whose feed URLs the card lists, in order, with their names. */
export const FEED_LABELS: ReadonlyArray<{ key: keyof FeedUrls; label: string }> = [
  { key: 'electron', label: 'electron-updater' },
  { key: 'squirrel_mac', label: 'Squirrel.Mac' },
  { key: 'squirrel_windows', label: 'Squirrel.Windows' },
  { key: 'tauri', label: 'Tauri' },
  { key: 'velopack', label: 'Velopack' },
  { key: 'sparkle', label: 'Sparkle' },
];

/** What a masked token shows: four dots and its last four characters. */
export function maskToken(token: string): string {
  return maskSecret(token);
}

/** `text` with every occurrence of `token` masked ({@link maskToken}). */
export function maskIn(text: string, token: string): string {
  return token ? text.split(token).join(maskToken(token)) : text;
}

/** The sentence under the channel select: what each channel means. */
const CHANNEL_HINT =
  'Stable gets fully tested releases only. Release candidate adds nearly final versions. ' +
  'Beta and Alpha get new builds earlier, with less testing, so expect more bugs; each channel ' +
  'also gets every release of the channels before it.';

/** Why there is no access, in plain words (access `none`). */
function noAccessText(reason: UpdateAccess['reason']): string {
  switch (reason) {
    case 'no_subscription':
      return 'You have no subscription, so your program gets no releases or updates. Choose a plan to download it and get every release on your channel.';
    case 'expired':
      return 'Your subscription has ended, and your plan keeps no releases after it ends, so your program gets no updates. Renew to get every release again.';
    case 'refunded':
      return 'Your subscription was refunded, so your program gets no releases or updates. Choose a plan to get them again.';
    case 'account':
      return 'Your account cannot receive releases or updates at the moment. Contact support if you think this is a mistake.';
    default:
      return 'Your subscription gives no releases or updates at the moment. Choose a plan to get every release on your channel.';
  }
}

/** The access state in plain words, with the way to the plans where it helps. */
export function AccessState({ access }: { access: UpdateAccess }) {
  if (access.kind === 'all') {
    return (
      <p className="flex items-start gap-2 text-sm text-emerald-800">
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
        You get every release on your channel.
      </p>
    );
  }
  const plansLink = (label: string) => (
    <Link
      to="/plans"
      className="mt-2 inline-block font-semibold text-amber-900 underline underline-offset-2"
    >
      {label}
    </Link>
  );
  if (access.kind === 'until') {
    return (
      <Alert variant="warning">
        <p>
          Your subscription ended on {formatDate(access.until)}. You can still download and update
          to releases published before then; newer releases need a renewed subscription.
        </p>
        {plansLink('Renew on the plans page')}
      </Alert>
    );
  }
  return (
    <Alert variant="warning">
      <p>{noAccessText(access.reason)}</p>
      {access.reason === 'account' ? (
        <Link
          to="/support"
          className="mt-2 inline-block font-semibold text-amber-900 underline underline-offset-2"
        >
          Contact support
        </Link>
      ) : (
        plansLink('View plans')
      )}
    </Alert>
  );
}

/** The channel select and its Save button (saved only on Save, so arrow keys send nothing). */
function ChannelForm({ channel }: { channel: ReleaseChannel }) {
  const [chosen, setChosen] = useState<ReleaseChannel>(channel);
  const save = useSetReleaseChannel();
  return (
    <form
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(chosen);
      }}
    >
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          label="Release channel"
          className="min-w-0 flex-1 sm:max-w-xs"
          value={chosen}
          onChange={(event) => setChosen(event.target.value as ReleaseChannel)}
          disabled={save.isPending}
        >
          {RELEASE_CHANNELS.map((c) => (
            <option key={c} value={c}>
              {CHANNEL_LABELS[c]}
            </option>
          ))}
        </SelectField>
        <Button
          type="submit"
          variant="outline"
          loading={save.isPending}
          disabled={chosen === channel}
        >
          Save channel
        </Button>
      </div>
      <p className="text-xs text-slate-600">{CHANNEL_HINT}</p>
      {save.error ? <Alert variant="error">{save.error.message}</Alert> : null}
    </form>
  );
}

/** The feed URL of each updater with Copy, in a disclosure; masked like the token. */
function FeedUrlList({ feeds, token, shown }: { feeds: FeedUrls; token: string; shown: boolean }) {
  return (
    <details className="group rounded-lg border border-slate-200">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-lg px-3 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
        <ChevronRight
          aria-hidden="true"
          className="size-4 shrink-0 text-slate-500 transition-transform group-open:rotate-90"
        />
        Feed URLs for your updater
      </summary>
      <div className="grid gap-4 border-t border-slate-100 px-3 py-3">
        <p className="text-xs text-slate-600">
          Set the URL of the updater your program uses. Each URL contains your feed token: keep it
          private{shown ? '' : ' (the token is masked here; Copy copies the whole URL)'}.
        </p>
        <ul className="grid gap-3">
          {FEED_LABELS.map(({ key, label }) => (
            <li key={key} className="grid min-w-0 gap-1.5">
              <div className="flex items-center justify-between gap-3">
                <span className="text-sm font-medium text-slate-800">{label}</span>
                <CopyButton value={feeds[key]} what={`${label} feed URL`} />
              </div>
              <code className="block min-w-0 rounded-md bg-slate-50 px-2.5 py-1.5 font-mono text-xs break-all text-slate-700">
                {shown ? feeds[key] : maskIn(feeds[key], token)}
              </code>
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}

/** The card's content once the settings are in. */
function UpdatesContent({ updates }: { updates: MyUpdatesResponse }) {
  const [shown, setShown] = useState(false);
  return (
    <div className="grid gap-6 px-5 py-5 sm:px-6">
      <AccessState access={updates.access} />
      {/* Keyed by the saved channel: after a save the select starts from what was saved. */}
      <ChannelForm key={updates.channel} channel={updates.channel} />
      <RotatableSecret
        label="Feed token"
        what="feed token"
        value={updates.feed_token}
        hint="Your installed program uses this token to fetch updates. Keep it private; rotate it if it may have leaked."
        shown={shown}
        onShownChange={setShown}
        dialog={RotateFeedTokenDialog}
      />
      <FeedUrlList feeds={updates.feeds} token={updates.feed_token} shown={shown} />
    </div>
  );
}

/** The Updates card: loading, the server's error, or the settings. */
export function UpdatesCard() {
  const query = useMyUpdates();
  return (
    <QueryCard
      title="Updates"
      description="Which releases your program is offered, and how it fetches them."
      query={query}
      loadingLabel="Loading update settings…"
      skeleton={
        <>
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-10 w-64 max-w-full rounded-lg" />
          <Skeleton className="h-10 w-80 max-w-full rounded-lg" />
        </>
      }
    >
      {(updates) => <UpdatesContent updates={updates} />}
    </QueryCard>
  );
}
