/**
 * The release manager's hooks (docs/updates.md): releases with their channel, rollout, state and
 * files (`GET /admin/releases`), a new release (`POST /admin/releases`), publishing, withdrawing,
 * channel and rollout changes, yanking and restoring (`PATCH /admin/releases/{id}`), files added
 * one multipart upload each (`POST /admin/releases/{id}/artifacts`, with progress per file), and
 * the minimum supported version (`PUT /admin/update-settings`). Every change also refreshes the
 * subscribers' version lists.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type {
  AdminArtifact,
  Arch,
  ArtifactKind,
  CreateReleaseRequest,
  Platform,
  UpdateReleaseRequest,
} from '@flockr/contract';
import { call, upload } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { toast } from '../../../../lib/toast';
import { adminKeys } from '../../kit/api/keys';
import { useAdminChange, useAdminQuery, useAdminUpdate } from '../../kit/api/hooks';

/** Default error texts of the release manager's calls. */
export const RELEASE_ERRORS = {
  fetch: 'Failed to fetch releases',
  create: 'Failed to create the release',
  update: 'Failed to update the release',
  upload: 'Failed to upload the file',
  settings: 'Failed to save the minimum supported version',
} as const;

/** Refreshing the subscribers' version lists as well. */
const refresh = [queryKeys.downloads] as const;

/** Every release, newest first, with its files, and the minimum supported version. */
export function useReleaseDetails() {
  return useAdminQuery('GET /admin/releases', {
    key: adminKeys.releaseDetails,
    fallback: RELEASE_ERRORS.fetch,
  });
}

/**
 * Creates a release (`POST /admin/releases`): a draft, or published at once with `publish`.
 * Variables: the payload. An existing version is 409 VERSION_TAKEN.
 */
export function useCreateReleaseDraft() {
  return useAdminChange({
    mutationFn: (body: CreateReleaseRequest) =>
      call('POST /admin/releases', { body }, { fallback: RELEASE_ERRORS.create }),
    success: ({ release }) =>
      release.is_active
        ? `Release ${release.version} published`
        : `Draft ${release.version} created: add its files, then make it active`,
    refresh,
  });
}

/** The toast of a release change, from what was asked. */
export function releaseChangeMessage(version: string, asked: UpdateReleaseRequest): string {
  if (asked.yanked === true) return `Release ${version} yanked`;
  if (asked.yanked === false) return `Release ${version} restored`;
  if (asked.is_active === true) return `Release ${version} published`;
  if (asked.is_active === false) return `Release ${version} withdrawn`;
  return `Release ${version} saved`;
}

/**
 * Changes a release (`PATCH /admin/releases/{id}`): publish or withdraw (`is_active`), channel,
 * rollout, minimum system version, yank with a reason or restore. Variables: `{ id, …fields }`.
 */
export function useChangeRelease() {
  return useAdminUpdate('PATCH /admin/releases/:id', {
    fallback: RELEASE_ERRORS.update,
    success: ({ release }, { id: _id, ...asked }) =>
      releaseChangeMessage(release.version, asked as UpdateReleaseRequest),
    refresh,
  });
}

/** Sets or clears (null) the minimum supported version (`PUT /admin/update-settings`). */
export function useUpdateSettings() {
  return useAdminChange({
    mutationFn: (minimum_version: string | null) =>
      call(
        'PUT /admin/update-settings',
        { body: { minimum_version } },
        { fallback: RELEASE_ERRORS.settings },
      ),
    success: ({ minimum_version }) =>
      minimum_version
        ? `Minimum supported version set to ${minimum_version}`
        : 'No minimum supported version',
  });
}

/** One file waiting to be (or being, or having been) uploaded to a release. */
export interface ArtifactRow {
  /** Key of the row on screen. */
  key: string;
  file: File;
  platform: Platform;
  arch: Arch;
  kind: ArtifactKind;
  /** Tauri's minisign signature (the `.sig` file's text); empty for none. */
  signature: string;
  /** Sparkle's Ed25519 signature; empty for none. */
  ed_signature: string;
  state: 'waiting' | 'uploading' | 'done' | 'failed';
  /** The part sent, 0..1, while uploading. */
  progress: number;
  error: string | null;
}

/**
 * A multipart body: `fields` in their order (those undefined or blank left out), then `file`.
 * The server reads the parts in order and validates the fields once the file has streamed in,
 * so the file goes last.
 */
export function multipartBody(fields: Record<string, string | undefined>, file: Blob): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value?.trim()) form.append(name, value.trim());
  }
  form.append('file', file);
  return form;
}

/** An upload's progress handler that reports the part sent (0..1) to `report`, when known. */
export function progressOf(report: (sent: number) => void) {
  return ({ loaded, total }: { loaded: number; total?: number }) => {
    if (total) report(loaded / total);
  };
}

/** The multipart body of one file: the contract's text fields in its order, then `file`. */
export function artifactForm(row: ArtifactRow): FormData {
  return multipartBody(
    {
      platform: row.platform,
      arch: row.arch,
      kind: row.kind,
      filename: row.file.name,
      signature: row.signature,
      ed_signature: row.ed_signature,
    },
    row.file,
  );
}

/**
 * The files of one upload to a release and their state. `setRows` edits the list (add, remove),
 * `patch(key, change)` one row (its platform, arch, kind or signatures);
 * `uploadAll(releaseId, version)` sends each file not uploaded yet, one after the other, updating
 * each row's progress and state (a failed file keeps its row with the server's error; the others
 * still go), then toasts and refreshes the releases. Resolves with the files the server stored.
 */
export function useArtifactUploads() {
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<ArtifactRow[]>([]);
  const [running, setRunning] = useState(false);
  const patch = (key: string, change: Partial<ArtifactRow>) =>
    setRows((all) => all.map((row) => (row.key === key ? { ...row, ...change } : row)));

  const uploadAll = async (releaseId: string, version: string): Promise<AdminArtifact[]> => {
    const pending = rows.filter((row) => row.state !== 'done');
    if (pending.length === 0) return [];
    setRunning(true);
    const stored: AdminArtifact[] = [];
    let failed = 0;
    try {
      for (const row of pending) {
        patch(row.key, { state: 'uploading', progress: 0, error: null });
        try {
          const { artifact } = await upload(
            'POST /admin/releases/:id/artifacts',
            artifactForm(row),
            {
              params: { id: releaseId },
              fallback: RELEASE_ERRORS.upload,
              onProgress: progressOf((progress) => patch(row.key, { progress })),
            },
          );
          stored.push(artifact);
          patch(row.key, { state: 'done', progress: 1 });
        } catch (error) {
          failed += 1;
          patch(row.key, {
            state: 'failed',
            error: error instanceof Error ? error.message : RELEASE_ERRORS.upload,
          });
        }
      }
    } finally {
      setRunning(false);
    }
    if (stored.length > 0) {
      toast.success(
        `${stored.length} ${stored.length === 1 ? 'file' : 'files'} added to ${version}`,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.downloads });
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    }
    if (failed > 0) toast.error(`${failed} ${failed === 1 ? 'file' : 'files'} failed to upload`);
    return stored;
  };

  return { rows, setRows, patch, running, uploadAll };
}
