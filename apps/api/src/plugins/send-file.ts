/**
 * Sends a stored file from disk (docs/downloads.md "Streamed by this process"): what to answer is
 * decided by `@fastify/send`, the library behind @fastify/static (status 200, 206, 304, 412 or
 * 416; `Accept-Ranges`, `Content-Range`, `Content-Length`, `Content-Type`, `ETag`,
 * `Last-Modified`, If-Range and conditional GET, RFC 9110 §13–14); the bytes of a 200 or 206 go
 * out through one buffer of FILE_CHUNK_BYTES per download, read into again only after the socket
 * took it (the write's callback).
 *
 * Why not the library's stream: `fs.createReadStream` allocates a fresh buffer for every read,
 * and fresh memory costs a page fault per page the first time it is touched. With 10 parallel
 * downloads of a 200 MiB file that, not the copy, set the pace (0.3–0.6× nginx `sendfile`), and
 * the buffers waiting for the garbage collector grew the process by tens of MiB. One reused
 * buffer per download reaches 0.85–0.97× of nginx with a few MiB (bench/downloads.mjs,
 * docs/benchmarks.md "Downloads").
 */
import { open, type FileHandle } from 'node:fs/promises';
import type { OutgoingHttpHeader, OutgoingHttpHeaders } from 'node:http';
import type { Writable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import send from '@fastify/send';
import { attachmentDisposition } from '../lib/content-disposition.js';
import { notFound } from '../lib/http-error.js';

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
