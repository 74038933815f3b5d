/**
 * The signed-in user's update settings (`/updates/me`): the release channel, the feed token that
 * updaters authenticate with, the feed URLs per updater, and what the subscription gives the
 * feeds now. A change's answer replaces the cached one; a channel change also reloads the
 * download centre's versions (the channel decides which releases it offers).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyUpdatesResponse, ReleaseChannel } from '@flockr/contract';
import { call, type ApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';

/** Default error texts of the update calls (used when the server's answer carries none). */
export const UPDATES_ERRORS = {
  fetch: 'Failed to load your update settings',
  saveChannel: 'Failed to save the release channel',
  rotate: 'Failed to make a new feed token',
} as const;

/** Names of the channels as the profile shows them, most stable first. */
export const CHANNEL_LABELS: Record<ReleaseChannel, string> = {
  stable: 'Stable',
  rc: 'Release candidate',
  beta: 'Beta',
  alpha: 'Alpha',
};

/** `GET /updates/me`: channel, feed token, feed URLs and access. */
export function useMyUpdates() {
  return useQuery<MyUpdatesResponse, ApiError>({
    queryKey: queryKeys.updates,
    queryFn: ({ signal }) =>
      call('GET /updates/me', {}, { signal, fallback: UPDATES_ERRORS.fetch }),
  });
}

/**
 * `PUT /updates/me` {channel}: the answer replaces the cached settings, the download centre's
 * versions are reloaded, and 'Release channel saved: Beta' is toasted.
 */
export function useSetReleaseChannel() {
  const queryClient = useQueryClient();
  return useMutation<MyUpdatesResponse, ApiError, ReleaseChannel>({
    mutationFn: (channel) =>
      call('PUT /updates/me', { body: { channel } }, { fallback: UPDATES_ERRORS.saveChannel }),
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKeys.updates, answer);
      void queryClient.invalidateQueries({ queryKey: queryKeys.downloads });
      toast.success(`Release channel saved: ${CHANNEL_LABELS[answer.channel]}`);
    },
  });
}

/**
 * `POST /updates/me/feed-token`: a new feed token (the old one stops working at once); the answer,
 * with the new token and URLs, replaces the cached settings.
 */
export function useRotateFeedToken() {
  const queryClient = useQueryClient();
  return useMutation<MyUpdatesResponse, ApiError, void>({
    mutationFn: () => call('POST /updates/me/feed-token', {}, { fallback: UPDATES_ERRORS.rotate }),
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKeys.updates, answer);
      toast.success('New feed token made. Update your installed programs with it.');
    },
  });
}
