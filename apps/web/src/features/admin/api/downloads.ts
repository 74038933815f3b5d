/**
 * Admin program-version calls (spec section 7, /admin/downloads): list, add by external URL,
 * add by uploading the file (multipart, with progress), activate/deactivate.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  CLIENT_ERRORS,
  errorText,
  type AdminDownload,
  type createDownloadRequestSchema,
} from '@flockr/contract';
import type { z } from 'zod';
import { ApiError, api, apiUrl, defaultHeaders } from '../../../lib/api-client';
import { expireSession } from '../../../lib/auth-storage';
import { adminKeys } from './keys';

/** `POST /admin/downloads` payload after validation. */
export type DownloadUrlPayload = z.output<typeof createDownloadRequestSchema>;

/** Text fields of the multipart upload; the file goes last as the `file` part. */
export interface UploadFields {
  version: string;
  release_date: string;
  /** Name to save the file under; the uploaded file's own name when absent. */
  filename?: string;
  is_active: boolean;
}

/** Default error text of a failed activate/deactivate (ours; the spec's catalogue has none). */
export const UPDATE_DOWNLOAD_ERROR = 'Failed to update download';

/** Fetches every version, inactive ones included, with download counts. */
export function fetchAdminDownloads(signal?: AbortSignal): Promise<{ downloads: AdminDownload[] }> {
  return api.get<{ downloads: AdminDownload[] }>('/admin/downloads', {
    signal,
    fallback: CLIENT_ERRORS.defaults.fetchDownloads,
  });
}

/** Query options of the admin version list. */
export const adminDownloadsQueryOptions = queryOptions({
  queryKey: adminKeys.downloads,
  queryFn: ({ signal }) => fetchAdminDownloads(signal),
});

/** Adds a version hosted at an external URL. @throws ApiError, e.g. 409 version taken. */
export function createDownload(payload: DownloadUrlPayload): Promise<{ download: AdminDownload }> {
  return api.post<{ download: AdminDownload }>('/admin/downloads', payload, {
    fallback: CLIENT_ERRORS.defaults.createDownload,
  });
}

/** Activates or deactivates a version. */
export function updateDownload(
  id: string,
  is_active: boolean,
): Promise<{ download: AdminDownload }> {
  return api.put<{ download: AdminDownload }>(
    `/admin/downloads/${encodeURIComponent(id)}`,
    { is_active },
    { fallback: UPDATE_DOWNLOAD_ERROR },
  );
}

/** The multipart body of an upload: the text fields first, then the `file` part. */
export function uploadFormData(fields: UploadFields, file: Blob): FormData {
  const form = new FormData();
  form.append('version', fields.version);
  form.append('release_date', fields.release_date);
  if (fields.filename) form.append('filename', fields.filename);
  form.append('is_active', fields.is_active ? 'true' : 'false');
  // The server reads parts in order and validates the fields once the file has streamed in.
  form.append('file', file);
  return form;
}

/** Parses an XHR answer as JSON when possible. */
function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Uploads a version's file to `POST /admin/downloads/upload`. XMLHttpRequest rather than fetch
 * because only it reports upload progress: `onProgress` receives 0..1. No timeout applies (a
 * large file may take minutes). Rejects with {@link ApiError} (default 'Failed to create
 * download'); a 401 ends the session as every other call does.
 */
export function uploadDownload(
  fields: UploadFields,
  file: Blob,
  onProgress?: (fraction: number) => void,
): Promise<{ download: AdminDownload }> {
  const fallback = CLIENT_ERRORS.defaults.createDownload;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl('/admin/downloads/upload'));
    // The browser sets the multipart content type with its boundary; we add only our headers.
    for (const [name, value] of Object.entries(defaultHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const data = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(data as { download: AdminDownload });
        return;
      }
      if (xhr.status === 401) expireSession();
      reject(
        new ApiError(errorText(data, null, fallback), {
          status: xhr.status,
          kind: 'http',
          body: data,
        }),
      );
    };
    xhr.onerror = () => reject(new ApiError(fallback, { kind: 'network' }));
    xhr.onabort = () => reject(new ApiError(fallback, { kind: 'network' }));
    xhr.send(uploadFormData(fields, file));
  });
}
