/**
 * Sends a text kept in memory (lib/memory-answers.ts answers, rendered pages) with its strong
 * ETag: a request whose If-None-Match matches gets 304 without a body (RFC 9110 §13.1.2); a
 * client that accepts brotli or gzip (RFC 9110 §12.5.3) gets the compressed copy made once for
 * that text (lib/compressed.ts), with `Vary: Accept-Encoding`.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import negotiate from '@fastify/accept-negotiator';
import fresh from 'fresh';
import {
  COMPRESS_MIN_BYTES,
  CONTENT_CODINGS,
  compressedOnce,
  type ContentCoding,
} from '../lib/compressed.js';
import type { MemoryAnswer } from '../lib/memory-answers.js';

/** The codings we offer, as @fastify/accept-negotiator takes them (made once, not per request). */
const OFFERED_CODINGS: string[] = [...CONTENT_CODINGS];

/** How a kept text is to be answered for one request (see {@link keptTextChoice}). */
interface KeptTextChoice {
  /** Large enough to be sent compressed: the answer varies on Accept-Encoding. */
  compressible: boolean;
  /** The client's copy is current (If-None-Match matches the ETag): 304 without a body. */
  notModified: boolean;
  /** The coding to send the body in, or null for the text as it is. */
  coding: ContentCoding | null;
}

/**
 * Decides, from the request's headers, how text `body` with `etag` (none: never 304) is answered:
 * 304 when the client has it (RFC 9110 §13.1.2), else compressed with the best coding the client
 * accepts when the text is large enough (RFC 9110 §12.5.3).
 */
function keptTextChoice(
  headers: IncomingHttpHeaders,
  body: string,
  etag: string | undefined,
): KeptTextChoice {
  const compressible = body.length >= COMPRESS_MIN_BYTES;
  const notModified = etag !== undefined && fresh(headers, { etag });
  const accepted = headers['accept-encoding'];
  const coding =
    !notModified && compressible && accepted
      ? (negotiate(accepted, OFFERED_CODINGS) as ContentCoding | null)
      : null;
  return { compressible, notModified, coding };
}

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
  const { compressible, notModified, coding } = keptTextChoice(request.headers, body, etag);
  if (compressible) addVary(reply, 'Accept-Encoding');
  if (notModified) return reply.status(304).send();
  reply.type(contentType);
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
