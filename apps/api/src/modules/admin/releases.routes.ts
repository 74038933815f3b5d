/**
 * Admin release routes (spec §7 "downloads"): list, add by URL, add by upload (multipart, streamed
 * to the artifact store while hashed, up to MAX_UPLOAD_BYTES), activate or deactivate, edit,
 * archive or restore.
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
} from '../releases/admin.js';
import type { ReceivedFile } from '../releases/storage.js';

/**
 * Reads the multipart form of an upload: the text fields and the one `file` part, streamed to a
 * temporary file of the artifact store (on disk or in the bucket).
 * @throws 400 UPLOAD_MISSING_FILE / UPLOAD_MALFORMED; 413 UPLOAD_TOO_LARGE; the store's own
 * failure as it is (an unreachable store is a 503 by plugins/errors.ts, anything else a 500).
 */
async function readUpload(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; file: ReceivedFile & { originalName?: string } }> {
  if (!request.isMultipart()) throw badRequest('uploadMissingFile');
  const fields: Record<string, string> = {};
  let file: (ReceivedFile & { originalName?: string }) | undefined;
  let storeFailure: unknown;
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
      } else if (part.fieldname === 'file' && !file) {
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
    if (!file || file.size === 0) throw badRequest('uploadMissingFile');
    return { fields, file };
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
  };
}
