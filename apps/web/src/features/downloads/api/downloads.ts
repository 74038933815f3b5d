/**
 * The download centre's calls as hooks (requirements §7: `/downloads/versions`,
 * `/downloads/history`; ours: `POST /downloads/email-link`). Starting a download, which every page
 * can do, is in start-download.ts.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { CLIENT_ERRORS, type EmailDownloadLinkResponse } from '@flockr/contract';
import { call, type ApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';

const t = CLIENT_ERRORS.download;

/**
 * The signed-in user's downloads, newest first (`GET /downloads/history`), refreshed after each
 * download; idle while `enabled` is false. Errors: 'Failed to fetch download history'.
 */
export function useDownloadHistory(enabled = true) {
  return useQuery({
    queryKey: queryKeys.downloadHistory,
    queryFn: ({ signal }) =>
      call('GET /downloads/history', {}, { signal, fallback: t.historyFailed }),
    enabled,
  });
}

/**
 * The active versions, newest first, each with its changelog notes and its builds, the one for
 * this computer named (`GET /downloads/versions`; the server reads the computer from the
 * request), for choosing one to download; idle while `enabled` is false. Errors: 403
 * SUBSCRIPTION_REQUIRED, else 'Failed to fetch versions'.
 */
export function useVersions(enabled = true) {
  return useQuery({
    queryKey: queryKeys.downloadVersions,
    queryFn: ({ signal }) =>
      call('GET /downloads/versions', {}, { signal, fallback: t.versionsFailed }),
    enabled,
  });
}

/**
 * `mutate({ version, build })` e-mails 24-hour links to every build of `version` (the newest when
 * undefined) to the signed-in user's own address (`POST /downloads/email-link`), for opening on a
 * computer: `build` first when given, else the build for this computer (none from a phone);
 * toasts the server's message, which `data.message` also holds. Errors: 403
 * SUBSCRIPTION_REQUIRED, 404 RELEASE_NOT_FOUND or BUILD_NOT_FOUND, 429 RATE_LIMITED, else 'Failed
 * to send the download link'.
 */
export function useEmailDownloadLink() {
  return useMutation<EmailDownloadLinkResponse, ApiError, { version?: string; build?: string }>({
    mutationFn: ({ version, build }) =>
      call(
        'POST /downloads/email-link',
        { body: { ...(version && { version }), ...(build && { build }) } },
        { fallback: t.emailLinkFailed },
      ),
    onSuccess: ({ message }) => {
      toast.success(message);
    },
  });
}
