/**
 * Sends a stored file from disk (docs/downloads.md "Streamed by this process"): what to answer is
 * decided by `@fastify/send`, the library behind @fastify/static (status 200, 206, 304, 412 or
 * 416; `Accept-Ranges`, `Content-Range`, `Content-Length`, `Content-Type`, `ETag`,
 * `Last-Modified`, If-Range and conditional GET, RFC 9110 §13–14); the bytes of a 200 or 206 go
 * out through one buffer of FILE_CHUNK_BYTES per download, read into again only after the socket
 * took it (the write's callback).
 *
 * How a file goes out at all, whichever the artifact store chose (streamed from here, handed to
 * nginx, or a redirect to the object store), is {@link sendDelivery}: the one way the download
 * link and the update feeds send a file.
 *
 * Why not the library's stream: `fs.createReadStream` allocates a fresh buffer for every read,
 * and fresh memory costs a page fault per page the first time it is touched. With 10 parallel
 * downloads of a 200 MiB file that, not the copy, set the pace (0.3–0.6× nginx `sendfile`), and
 * the buffers waiting for the garbage collector grew the process by tens of MiB. One reused
 * buffer per download reaches 0.85–0.97× of nginx with a few MiB (bench/downloads.mjs,
 * docs/benchmarks.md "Downloads").
 */
import { open, stat, type FileHandle } from 'node:fs/promises';
import type { OutgoingHttpHeader, OutgoingHttpHeaders } from 'node:http';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import send from '@fastify/send';
import mime from 'mime';
import { byteRangesBody, multipleRanges } from '../lib/byte-ranges.js';
import { attachmentDisposition } from '../lib/content-disposition.js';
import { notFound } from '../lib/http-error.js';
import type { FileDelivery } from '../modules/releases/storage.js';

/** Bytes read and written at a time: the one buffer each download in progress holds. */
export const FILE_CHUNK_BYTES = 512 * 1024;

/**
 * How long (ms) a download may go on with the client taking no bytes before it is cut off:
 * nginx's default `send_timeout` (60 s). Node's socket timeout counts it the same way: a write
 * still making progress keeps it from firing.
 */
export const FILE_SEND_TIMEOUT_MS = 60_000;

/** `bytes first-last/size` of a 206's Content-Range (RFC 9110 §14.4). */
const CONTENT_RANGE = /^bytes (\d+)-(\d+)\/\d+$/;

/**
 * Answers the request of `reply` with a stored file as the attachment `filename`, the way
 * `delivery` says (the artifact store's `deliveryOf`, modules/releases/storage.ts;
 * docs/downloads.md "How a file goes out"):
 * - `redirect`: 302 to the object store's presigned URL (RFC 9110 §15.4.3), `Cache-Control:
 *   no-store` (the URL is personal and expires within minutes); the store names the file and
 *   answers Range itself;
 * - `accel-redirect`: an empty answer naming nginx's internal location in X-Accel-Redirect, with
 *   our Content-Type and Content-Disposition, which nginx keeps; nginx answers Range itself;
 * - `stream`: from `root` here by {@link sendStoredFile} (one range or none), or, with
 *   `multipartRanges`, a Range header naming several ranges as one 206 `multipart/byteranges`
 *   (RFC 9110 §14.6; electron-updater's differential download) and one that none fits as 416;
 *   without it such a header is answered with the whole file.
 * The last two are `Cache-Control: private, no-store`. Resolves with `reply` once sent.
 * @throws as {@link sendStoredFile} (404 ARTIFACT_MISSING when the file went away), and the file
 * system's error when a file asked for several ranges cannot be read.
 */
export async function sendDelivery(
  reply: FastifyReply,
  root: string,
  delivery: FileDelivery,
  filename: string,
  { multipartRanges = false }: { multipartRanges?: boolean } = {},
): Promise<FastifyReply> {
  if (delivery.kind === 'redirect') {
    return reply.header('cache-control', 'no-store').redirect(delivery.url, 302);
  }
  reply.header('cache-control', 'private, no-store');
  if (delivery.kind === 'accel-redirect') {
    return reply
      .header('content-type', delivery.contentType)
      .header('content-disposition', attachmentDisposition(filename))
      .header('x-accel-redirect', delivery.uri)
      .send();
  }
  if (multipartRanges) {
    const sent = await sendSeveralRanges(reply, root, delivery.relativePath, filename);
    if (sent) return sent;
  }
  return sendStoredFile(reply, root, delivery.relativePath, filename);
}

/**
 * Answers a Range header naming several ranges of the file `relativePath` under `root`: 206
 * `multipart/byteranges` of them, or 416 with the file's size in Content-Range when none fits
 * (or there are too many, lib/byte-ranges.ts). Undefined, sending nothing, for any other request
 * (no Range, one range): {@link sendStoredFile} answers those.
 */
async function sendSeveralRanges(
  reply: FastifyReply,
  root: string,
  relativePath: string,
  filename: string,
): Promise<FastifyReply | undefined> {
  const absolute = path.join(root, relativePath);
  const size = (await stat(absolute)).size;
  const ranges = multipleRanges(reply.request.headers.range, size);
  if (ranges === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${size}`).send();
  }
  if (!ranges) return undefined;
  const contentType = mime.getType(filename) ?? 'application/octet-stream';
  const multipart = byteRangesBody(absolute, size, contentType, ranges);
  return reply
    .status(206)
    .header('accept-ranges', 'bytes')
    .header('content-type', multipart.contentType)
    .header('content-length', multipart.length)
    .header('content-disposition', attachmentDisposition(filename))
    .send(multipart.body);
}

/**
 * Answers the request of `reply` with the file `relativePath` under `root` (a stored key, never
 * request input) as the attachment `filename`: one range or the whole file (a header naming
 * several is answered whole, as @fastify/send does; the update feed answers those itself).
 * Resolves with `reply` once the answer is sent. A failure once bytes went out (a read error, a
 * file that shrank, a client that left or took no bytes for `sendTimeoutMs`, by default
 * FILE_SEND_TIMEOUT_MS) cuts the connection, so the client sees a short body, never wrong
 * bytes; any but a client leaving is logged.
 * @throws 404 ARTIFACT_MISSING when the file went away since the caller found it; Error when
 * `relativePath` names a folder (a stored key we never write).
 */
export async function sendStoredFile(
  reply: FastifyReply,
  root: string,
  relativePath: string,
  filename: string,
  { sendTimeoutMs = FILE_SEND_TIMEOUT_MS } = {},
): Promise<FastifyReply> {
  const request = reply.request;
  const result = await send(request.raw, encodeURI(relativePath), {
    root,
    acceptRanges: true,
    cacheControl: false,
  });
  if (result.type === 'directory') throw new Error(`stored file is a folder: ${relativePath}`);
  if (result.type === 'error') {
    if (isNoSuchFile(result.metadata.error)) throw notFound('downloadFileMissing');
    // A 412, or a 416 with its Content-Range: the error answer, as @fastify/static gives it.
    return reply.headers(result.headers).send(result.metadata.error);
  }
  const bytes = bodyRange(result.statusCode, result.headers, request.method);
  const withHeaders = () =>
    reply
      .code(result.statusCode)
      .headers(result.headers)
      .header('content-disposition', attachmentDisposition(filename));
  // HEAD or 304: no body; the library's stream is an empty one.
  if (!bytes) return withHeaders().send(result.stream);
  result.stream.destroy();
  const file = await open(result.metadata.path, 'r').catch((error: unknown) => {
    throw isNoSuchFile(error) ? notFound('downloadFileMissing') : error;
  });
  withHeaders();
  reply.hijack();
  const response = reply.raw;
  let stalled = false;
  // The socket's own timeout; Node sets the connection's keep-alive timeout again once the
  // answer is finished.
  response.setTimeout(sendTimeoutMs, () => {
    stalled = true;
    response.destroy();
  });
  try {
    response.writeHead(result.statusCode, definedHeaders(reply.getHeaders()));
    await writeFileRange(response, file, bytes.first, bytes.last);
    response.end();
  } catch (error) {
    if (stalled) {
      // Not the server's fault: info, not warn.
      reply.log.info(
        { file: relativePath, sendTimeoutMs },
        'download cut off: client took no bytes',
      );
    } else if (!response.destroyed) {
      reply.log.warn({ err: error, file: relativePath }, 'download cut short');
      response.destroy();
    }
  } finally {
    await file.close();
  }
  return reply;
}

/** Whether `error` says "no such file": @fastify/send's 404 or the file system's ENOENT. */
function isNoSuchFile(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  return (
    ('status' in error && error.status === 404) || ('code' in error && error.code === 'ENOENT')
  );
}

/** `headers` without the names whose value is undefined (Node's `writeHead` refuses those). */
function definedHeaders(
  headers: Record<string, OutgoingHttpHeader | undefined>,
): OutgoingHttpHeaders {
  return Object.fromEntries(
    Object.entries(headers).flatMap(([name, value]) =>
      value === undefined ? [] : [[name, value]],
    ),
  );
}

/**
 * The bytes (inclusive offsets) of the body of a file answer: the one range of a 206, the whole
 * file of a 200, none for HEAD, a 304 or an empty file. Pure.
 */
export function bodyRange(
  statusCode: number,
  headers: Record<string, string | number>,
  method: string,
): { first: number; last: number } | undefined {
  if (method === 'HEAD') return undefined;
  const length = Number(headers['Content-Length']);
  if (statusCode === 200 && length > 0) return { first: 0, last: length - 1 };
  const range = statusCode === 206 ? CONTENT_RANGE.exec(String(headers['Content-Range'])) : null;
  return range ? { first: Number(range[1]), last: Number(range[2]) } : undefined;
}

/**
 * Writes bytes `first`..`last` (inclusive) of the open `file` to `out` through one buffer of
 * `chunkBytes`, read into again only after its write called back (Node's `Writable.write`
 * contract: the chunk was handed on). Stops at the first failure, or when `out` closes (a client
 * that went away, or one cut off for taking no bytes).
 * @throws the read's error, an Error when the file ends before `last` (it shrank), the write's
 * error, or an Error when `out` closed first.
 */
export async function writeFileRange(
  out: Writable,
  file: Pick<FileHandle, 'read'>,
  first: number,
  last: number,
  chunkBytes = FILE_CHUNK_BYTES,
): Promise<void> {
  const buffer = Buffer.allocUnsafe(Math.min(chunkBytes, last - first + 1));
  const closedEarly = () => new Error('the connection closed before the file was sent');
  // Settles the chunk in flight: its write's callback, or the connection closing.
  let settle: (error?: Error | null) => void = () => {};
  const onClose = () => settle(closedEarly());
  out.once('close', onClose);
  try {
    for (let position = first; position <= last;) {
      const length = Math.min(buffer.length, last - position + 1);
      const { bytesRead } = await file.read(buffer, 0, length, position);
      if (bytesRead === 0) throw new Error(`file ended at byte ${position}, before ${last}`);
      if (out.destroyed) throw closedEarly();
      const chunk = buffer.subarray(0, bytesRead);
      const error = await new Promise<Error | null | undefined>((resolve) => {
        settle = resolve;
        out.write(chunk, resolve);
      });
      if (error) throw error;
      position += bytesRead;
    }
  } finally {
    out.off('close', onClose);
  }
}
