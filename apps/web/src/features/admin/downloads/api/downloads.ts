/**
 * Admin program-version hooks (requirements §7, `/admin/downloads`): list, add by external URL,
 * add by uploading the file (multipart, with progress), activate or deactivate.
 */
import { useState } from 'react';
import type { z } from 'zod';
import { CLIENT_ERRORS, type createDownloadRequestSchema } from '@flockr/contract';
import { call, upload } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { ADMIN_ERRORS } from '../../kit/api/errors';
import { adminKeys } from '../../kit/api/keys';
import { useAdminChange, useAdminQuery, useAdminUpdate } from '../../kit/api/hooks';

/** `POST /admin/downloads` payload: a version hosted at an external URL. */
export type ReleaseUrlPayload = z.input<typeof createDownloadRequestSchema>;

/** What an upload sends: the multipart text fields, then the file. */
export interface ReleaseUpload {
  file: Blob;
  version: string;
  release_date: string;
  /** Name to save the file under; the uploaded file's own name when absent. */
  filename?: string;
  is_active: boolean;
}

/** Refreshing the subscribers' version lists as well. */
const refresh = [queryKeys.downloads] as const;

/** Toast of a new version. */
const added = ({ download }: { download: { version: string } }) =>
  `Version ${download.version} added`;

/** Every version, inactive ones included, with download counts (`GET /admin/downloads`). */
export function useAdminReleases() {
  return useAdminQuery('GET /admin/downloads', {
    key: adminKeys.releases,
    fallback: CLIENT_ERRORS.defaults.fetchDownloads,
  });
}

/**
 * Adds a version hosted at an external URL (`POST /admin/downloads`). Variables: the payload.
 * A version that exists already comes back as 409 VERSION_TAKEN.
 */
export function useCreateRelease() {
  return useAdminChange({
    mutationFn: (body: ReleaseUrlPayload) =>
      call('POST /admin/downloads', { body }, { fallback: CLIENT_ERRORS.defaults.createDownload }),
    success: added,
    refresh,
  });
}

/** The multipart body of an upload: the text fields first, then the `file` part. */
function uploadForm({ file, version, release_date, filename, is_active }: ReleaseUpload): FormData {
  const form = new FormData();
  form.append('version', version);
  form.append('release_date', release_date);
  if (filename) form.append('filename', filename);
  form.append('is_active', is_active ? 'true' : 'false');
  // The server reads parts in order and validates the fields once the file has streamed in.
  form.append('file', file);
  return form;
}

/**
 * Uploads a version's file (`POST /admin/downloads/upload`, multipart, no timeout). Variables:
 * {@link ReleaseUpload}. Besides the mutation, `progress` is the part sent so far (0..1) while
 * the upload runs, else null. A file over the limit comes back as 413 UPLOAD_TOO_LARGE.
 */
export function useUploadRelease() {
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useAdminChange({
    mutationFn: async (fields: ReleaseUpload) => {
      setProgress(0);
      try {
        return await upload('POST /admin/downloads/upload', uploadForm(fields), {
          fallback: CLIENT_ERRORS.defaults.createDownload,
          onProgress: ({ loaded, total }) => {
            if (total) setProgress(loaded / total);
          },
        });
      } finally {
        setProgress(null);
      }
    },
    success: added,
    refresh,
  });
  return { ...mutation, progress };
}

/**
 * Changes a version (`PUT /admin/downloads/{id}`; never deleted): its release date, or archives
 * it (hidden from subscribers and deactivated) or restores it (inactive until activated).
 * Variables: `{ id, release_date? , archived? }`.
 */
export function useUpdateRelease() {
  return useAdminUpdate('PUT /admin/downloads/:id', {
    fallback: ADMIN_ERRORS.updateDownload,
    success: ({ download }, asked) =>
      asked.archived === true
        ? `Version ${download.version} archived`
        : asked.archived === false
          ? `Version ${download.version} restored (inactive until you activate it)`
          : `Version ${download.version} saved`,
    refresh,
  });
}

/** Activates or deactivates a version (`PUT /admin/downloads/{id}`). Variables: `{ id, is_active }`. */
export function useSetReleaseActive() {
  return useAdminUpdate('PUT /admin/downloads/:id', {
    fallback: ADMIN_ERRORS.updateDownload,
    success: ({ download }) =>
      `Version ${download.version} ${download.is_active ? 'activated' : 'deactivated'}`,
    refresh,
  });
}
