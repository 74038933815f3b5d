/**
 * The spec's version calls (requirements §7, `/admin/downloads`; aliases of the release manager,
 * docs/decisions/025-one-release-capability.md): add a version with one file, by external URL or
 * by uploading the file (multipart, with progress), and change its release date or archive or
 * restore it. The list, publishing and the rest are the release manager's (./releases.ts).
 */
import { useState } from 'react';
import type { z } from 'zod';
import { CLIENT_ERRORS, type createDownloadRequestSchema } from '@flockr/contract';
import { call, upload } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { ADMIN_ERRORS } from '../../kit/api/errors';
import { useAdminChange, useAdminUpdate } from '../../kit/api/hooks';
import { multipartBody, progressOf } from './releases';

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

/**
 * Uploads a version's file (`POST /admin/downloads/upload`, multipart, no timeout). Variables:
 * {@link ReleaseUpload}. Besides the mutation, `progress` is the part sent so far (0..1) while
 * the upload runs, else null. A file over the limit comes back as 413 UPLOAD_TOO_LARGE.
 */
export function useUploadRelease() {
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useAdminChange({
    mutationFn: async ({ file, version, release_date, filename, is_active }: ReleaseUpload) => {
      setProgress(0);
      try {
        return await upload(
          'POST /admin/downloads/upload',
          multipartBody(
            { version, release_date, filename, is_active: is_active ? 'true' : 'false' },
            file,
          ),
          {
            fallback: CLIENT_ERRORS.defaults.createDownload,
            onProgress: progressOf(setProgress),
          },
        );
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
 * Variables: `{ id, release_date? , archived? }`. A release without a file is no version of
 * these calls: 404 RELEASE_NOT_FOUND.
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
