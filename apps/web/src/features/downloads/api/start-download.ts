/**
 * Starting a download (requirements §4 and §7: `GET /downloads/link`), which the header, the landing
 * page and the user menu offer on every page. A download never reads the file into the page: the
 * signed link goes to the browser, which fetches and saves the file itself.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CLIENT_ERRORS, type DownloadLinkResponse } from '@flockr/contract';
import { call, type ApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';
import { startBrowserDownload } from '../lib/download-file';

const t = CLIENT_ERRORS.download;

/** After this many milliseconds the browser has asked for the file, so the history shows it. */
export const HISTORY_REFRESH_MS = 2_000;

/** Which file to download: a version (the newest when absent) and one of its builds by id. */
export interface DownloadTarget {
  version?: string;
  /** A build of the version from `GET /downloads/versions`; else the server picks the build for this computer. */
  build?: string;
}

/**
 * Starts a download: `mutate({ version, build })` asks for a signed link to that build of
 * `version` (the newest version when undefined; the build for this computer, which the server
 * reads from the request, when no build is named; `GET /downloads/link`), hands it to the browser
 * under the name the server gives (`{product}-{version}-{platform}-{arch}.{ext}`, or
 * `{product}-v{version}.zip`), announces it, and refreshes the download history at once and again
 * after HISTORY_REFRESH_MS (requirements §4). `error` is an ApiError whose status and code pick the
 * banner text (features/downloads/lib/download-file.ts `downloadErrorMessage`).
 */
export function useStartDownload() {
  const queryClient = useQueryClient();
  return useMutation<DownloadLinkResponse, ApiError, DownloadTarget>({
    mutationFn: ({ version, build }) =>
      call('GET /downloads/link', { query: { version, build } }, { fallback: t.failed }),
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
