/** Download calls (spec section 7: /downloads/link, /latest, /versions, /history). */
import { queryOptions } from '@tanstack/react-query';
import {
  CLIENT_ERRORS,
  type DownloadHistoryResponse,
  type DownloadLinkResponse,
  type LatestVersionResponse,
  type VersionsResponse,
} from '@flockr/contract';
import { ApiError, api, defaultHeaders } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const t = CLIENT_ERRORS.download;

/** Asks for a signed link to `version` (latest when absent). */
export function fetchDownloadLink(version?: string): Promise<DownloadLinkResponse> {
  return api.get<DownloadLinkResponse>('/downloads/link', {
    query: { version },
    fallback: t.failed,
  });
}

/** Fetches the latest version's record (its filename names the saved file). */
export function fetchLatestVersion(signal?: AbortSignal): Promise<LatestVersionResponse> {
  return api.get<LatestVersionResponse>('/downloads/latest', { signal, fallback: t.latestFailed });
}

/** Fetches the active versions, newest first. */
export function fetchVersions(signal?: AbortSignal): Promise<VersionsResponse> {
  return api.get<VersionsResponse>('/downloads/versions', { signal, fallback: t.versionsFailed });
}

/** Fetches the signed-in user's download history. */
export function fetchDownloadHistory(signal?: AbortSignal): Promise<DownloadHistoryResponse> {
  return api.get<DownloadHistoryResponse>('/downloads/history', {
    signal,
    fallback: t.historyFailed,
  });
}

/** Query options of the download history (refreshed after each download; spec section 4). */
export const downloadHistoryQueryOptions = queryOptions({
  queryKey: queryKeys.downloadHistory,
  queryFn: ({ signal }) => fetchDownloadHistory(signal),
});

/** Query options of the version list. */
export const versionsQueryOptions = queryOptions({
  queryKey: queryKeys.downloadVersions,
  queryFn: ({ signal }) => fetchVersions(signal),
});

/**
 * Fetches the file at `url` (a signed link on our origin) as a Blob, with the usual headers.
 * Rejects with an ApiError of kind 'http' (with status) or 'network' (no answer).
 */
export async function fetchFileBlob(url: string): Promise<Blob> {
  const { Accept: _accept, ...headers } = defaultHeaders();
  let response: Response;
  try {
    response = await fetch(url, { headers });
  } catch (thrown) {
    throw new ApiError((thrown as Error).message || t.noResponse, { kind: 'network' });
  }
  if (!response.ok) {
    throw new ApiError(t.failed, { status: response.status, kind: 'http' });
  }
  return response.blob();
}
