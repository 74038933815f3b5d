/**
 * Sends an answer kept in memory (lib/memory-answers.ts) with its strong ETag; a request whose
 * If-None-Match matches gets 304 without a body (RFC 9110 §13.1.2).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';
import type { MemoryAnswer } from '../lib/memory-answers.js';

/** Sends `answer` (JSON text) to `reply`, or 304 when the client already has it; returns the reply. */
export function sendMemoryAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  { body, etag }: MemoryAnswer,
): FastifyReply {
  reply.header('etag', etag);
  if (fresh(request.headers, { etag })) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(body);
}
