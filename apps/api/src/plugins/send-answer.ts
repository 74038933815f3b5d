/**
 * Sends a text kept in memory (lib/memory-answers.ts answers, rendered pages) with its strong
 * ETag: a request whose If-None-Match matches gets 304 without a body (RFC 9110 §13.1.2); a
 * client that accepts brotli or gzip (RFC 9110 §12.5.3) gets the compressed copy made once for
 * that text (lib/compressed.ts), with `Vary: Accept-Encoding`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import negotiate from '@fastify/accept-negotiator';
import fresh from 'fresh';
import { COMPRESS_MIN_BYTES, CONTENT_CODINGS, compressedOnce } from '../lib/compressed.js';
import type { MemoryAnswer } from '../lib/memory-answers.js';

/** Adds `value` to the reply's Vary header (keeping what is there). */
export function addVary(reply: FastifyReply, value: string): void {
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, ${value}` : value);
}

/**
 * Sends `body` as `contentType` with `etag`, or 304 when the client has it; compressed when the
 * client accepts it and the body is large enough. Returns the reply.
 */
export async function sendKeptText(
  request: FastifyRequest,
  reply: FastifyReply,
  owner: object,
  { body, etag, contentType }: { body: string; etag: string; contentType: string },
): Promise<FastifyReply> {
  reply.header('etag', etag);
  const compressible = body.length >= COMPRESS_MIN_BYTES;
  if (compressible) addVary(reply, 'Accept-Encoding');
  if (fresh(request.headers, { etag })) return reply.status(304).send();
  reply.type(contentType);
  const accepted = request.headers['accept-encoding'];
  const coding = compressible && accepted ? negotiate(accepted, [...CONTENT_CODINGS]) : null;
  if (!coding) return reply.send(body);
  reply.header('content-encoding', coding);
  return reply.send(await compressedOnce(owner, body, coding));
}

/** Sends `answer` (JSON text) to `reply`, or 304 when the client already has it; returns the reply. */
export function sendMemoryAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: MemoryAnswer,
): Promise<FastifyReply> {
  return sendKeptText(request, reply, answer, {
    body: answer.body,
    etag: answer.etag,
    contentType: 'application/json; charset=utf-8',
  });
}
