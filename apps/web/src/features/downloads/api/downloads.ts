/**
 * The download calls as hooks (spec section 7: `/downloads/link`, `/downloads/versions`,
 * `/downloads/history`; ours: `POST /downloads/email-link`). A download never reads the file into the page: the signed link goes to
 * the browser, which fetches and saves the file itself (spec sections 4 and 7).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  API,
  CLIENT_ERRORS,
  type DownloadLinkResponse,
  type EmailDownloadLinkResponse,
} from '@flockr/contract';
import { call, type ApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { startBrowserDownload } from '../lib/download-file';

const t = CLIENT_ERRORS.download;

/** After this many milliseconds the browser has asked for the file, so the history shows it. */
export const HISTORY_REFRESH_MS = 2_000;

/**
 * Starts a download: `mutate(version)` asks for a signed link to `version` (the newest when
 * undefined; `GET /downloads/link`), hands it to the browser under the name the server gives
 * (`{product}-v{version}.zip`), announces it, and refreshes the download history at once and
 * again after HISTORY_REFRESH_MS (spec section 4). `error` is an ApiError whose status picks the
 * banner text (features/downloads/lib/download-file.ts `downloadErrorMessage`).
 */
export function useStartDownload() {
  const queryClient = useQueryClient();
  return useMutation<DownloadLinkResponse, ApiError, string | undefined>({
    mutationFn: (version) =>
      call(API.downloads.link, { query: { version } }, { fallback: t.failed }),
    onSuccess: (link) => {
      startBrowserDownload(link.download_url, link.filename);
      const refreshHistory = () =>
        void queryClient.invalidateQueries({ queryKey: queryKeys.downloadHistory });
      refreshHistory();
      setTimeout(refreshHistory, HISTORY_REFRESH_MS);
      toast.success(`Downloading ${link.filename}`);
    },
  });
}

/**
 * The signed-in user's downloads, newest first (`GET /downloads/history`), refreshed after each
 * download; idle while `enabled` is false. Errors: 'Failed to fetch download history'.
 */
export function useDownloadHistory(enabled = true) {
  return useQuery({
    queryKey: queryKeys.downloadHistory,
    queryFn: ({ signal }) => call(API.downloads.history, {}, { signal, fallback: t.historyFailed }),
    enabled,
  });
}

/**
 * The active versions, newest first, each with its changelog notes (`GET /downloads/versions`),
 * for choosing one to download; idle while `enabled` is false. Errors: 403
 * SUBSCRIPTION_REQUIRED, else 'Failed to fetch versions'.
 */
export function useVersions(enabled = true) {
  return useQuery({
    queryKey: queryKeys.downloadVersions,
    queryFn: ({ signal }) =>
      call(API.downloads.versions, {}, { signal, fallback: t.versionsFailed }),
    enabled,
  });
}

/**
 * `mutate(version)` e-mails a 24-hour link to `version` (the newest when undefined) to the
 * signed-in user's own address (`POST /downloads/email-link`), for opening on a computer; toasts
 * the server's message, which `data.message` also holds. Errors: 403 SUBSCRIPTION_REQUIRED, 404
 * RELEASE_NOT_FOUND, 429 RATE_LIMITED, else 'Failed to send the download link'.
 */
export function useEmailDownloadLink() {
  return useMutation<EmailDownloadLinkResponse, ApiError, string | undefined>({
    mutationFn: (version) =>
      call(
        API.downloads.emailLink,
        { body: version ? { version } : {} },
        { fallback: t.emailLinkFailed },
      ),
    onSuccess: ({ message }) => {
      toast.success(message);
    },
  });
}
