/**
 * Admin release routes: one Releases capability under two sets of calls (ADR 025). The release
 * manager of the update feeds (docs/updates.md "Publishing from CI"): every release with its
 * files, create, publish / withdraw / channel / rollout / yank, add a file (multipart, streamed to
 * the artifact store while hashed, up to MAX_UPLOAD_BYTES), the minimum supported version, and
 * the adoption figures. And the spec's version admin (requirements §7 "downloads"), thin aliases
 * of the same functions in the spec's shapes (releases/downloads-alias.ts): list, add by URL, add
 * by upload (streamed the same way), activate or deactivate, re-date, archive or restore. The
 * release endpoints also take an admin API token (`apiToken` in the route table).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { API, MAX_UPLOAD_BYTES, uploadDownloadFieldsSchema } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import { HttpError, ValidationError, badRequest } from '../../lib/http-error.js';
import { route } from '../../plugins/route.js';
import {
  createReleaseFromUpload,
  createReleaseFromUrl,
  listAdminReleases,
  updateRelease,
} from '../releases/downloads-alias.js';
import {
  addArtifact,
  checkArtifactUpload,
  createRelease,
  listReleaseDetails,
  setMinimumVersion,
  updateReleaseDetail,
} from '../releases/manage.js';
import type { ReceivedFile } from '../releases/storage.js';
import { adoption } from '../updates/adoption.js';

/**
 * Reads the multipart form of an upload: the text fields and the one `file` part, streamed to a
 * temporary file of the artifact store (on disk or in the bucket). When given, `beforeFile` checks
 * the fields received before the file part (and its name) first: when it throws, the file is read
 * and dropped, never stored, and its error is thrown once the body is read (so the client reads
 * the answer rather than a connection closed under its upload).
 * @throws 400 UPLOAD_MISSING_FILE / UPLOAD_MALFORMED; 413 UPLOAD_TOO_LARGE; `beforeFile`'s error;
 * the store's own failure as it is (an unreachable store is a 503 by plugins/errors.ts, anything
 * else a 500).
 */
async function readUpload<T = undefined>(
  ctx: AppContext,
  request: FastifyRequest,
  beforeFile?: (fields: Record<string, string>, originalName: string | undefined) => Promise<T>,
): Promise<{
  fields: Record<string, string>;
  file: ReceivedFile & { originalName?: string };
  checked: T;
}> {
  if (!request.isMultipart()) throw badRequest('uploadMissingFile');
  const fields: Record<string, string> = {};
  let file: (ReceivedFile & { originalName?: string }) | undefined;
  let checked: T | undefined;
  let refused: { error: unknown } | undefined;
  let storeFailure: unknown;
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
      } else if (part.fieldname === 'file' && !file && !refused) {
        if (beforeFile) {
          try {
            checked = await beforeFile(fields, part.filename);
          } catch (error) {
            refused = { error };
            part.file.resume();
            continue;
          }
        }
        try {
          file = { ...(await ctx.artifacts.receive(part.file)), originalName: part.filename };
        } catch (error) {
          // Not the body's fault (its stream did not fail): the store's (disk full, bucket down).
          if (!part.file.errored) storeFailure = error;
          throw error;
        }
        if (part.file.truncated) throw new HttpError(413, 'uploadTooLarge');
      } else {
        part.file.resume();
      }
    }
    if (refused) throw refused.error;
    if (!file || file.size === 0) throw badRequest('uploadMissingFile');
    return { fields, file, checked: checked as T };
  } catch (error) {
    if (file) await ctx.artifacts.remove(file.tempKey);
    if (storeFailure !== undefined && error === storeFailure) throw error;
    // The multipart parser throws plain errors for a malformed body (no boundary, a truncated
    // part): that is the client's fault, not ours.
    if (!(error instanceof HttpError) && !(error as { statusCode?: number }).statusCode)
      throw badRequest('uploadMalformed');
    throw error;
  }
}

/**
 * Registers the admin release routes on `app`, with the multipart parser in their scope only: it
 * adds two hooks and a listener to every request it covers, and only the upload reads a form
 * (a multipart body anywhere else is 415, as any other unknown content type).
 */
export function adminReleaseRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    // The upload is read by its route, streamed, within these limits.
    await app.register(fastifyMultipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 },
    });
    // The spec's calls (requirements §7), in its shapes.
    route(app, API.admin.releases, async () => ({
      downloads: await listAdminReleases(ctx),
    }));
    route(app, API.admin.createRelease, async ({ user, body }) => ({
      download: await createReleaseFromUrl(ctx, user, body),
    }));
    route(app, API.admin.uploadRelease, async ({ user, request }) => {
      const { fields, file } = await readUpload(ctx, request);
      const parsed = uploadDownloadFieldsSchema.safeParse(fields);
      if (!parsed.success) {
        await ctx.artifacts.remove(file.tempKey);
        throw new ValidationError(parsed.error.issues[0]!.message);
      }
      return { download: await createReleaseFromUpload(ctx, user, file, parsed.data) };
    });
    route(app, API.admin.updateRelease, async ({ user, params, body }) => ({
      download: await updateRelease(ctx, user, params.id, body),
    }));

    // The release manager's calls (docs/updates.md "The release endpoints").
    route(app, API.admin.releaseDetails, async () => listReleaseDetails(ctx));
    route(app, API.admin.createReleaseDraft, async ({ user, body }) => ({
      release: await createRelease(ctx, user, body),
    }));
    route(app, API.admin.updateReleaseDetail, async ({ user, params, body }) => ({
      release: await updateReleaseDetail(ctx, user, params.id, body),
    }));
    route(app, API.admin.uploadArtifact, async ({ user, params, request }) => {
      const { file, checked } = await readUpload(ctx, request, (fields, originalName) =>
        checkArtifactUpload(ctx, params.id, fields, originalName),
      );
      return { artifact: await addArtifact(ctx, user, checked, file) };
    });
    route(app, API.admin.updateSettings, async ({ user, body }) =>
      setMinimumVersion(ctx, user, body.minimum_version),
    );
    route(app, API.admin.adoption, async ({ query }) => adoption(ctx, query.days));
  };
}
