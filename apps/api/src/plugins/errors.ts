/**
 * One error handler for the whole API: every failure is answered as `{ "error": "<text>",
 * "code": "<CODE>" }` (docs/errors.md). Domain errors keep their status and text; validation failures are 400
 * with the first field message (the spec's texts from the contract); malformed JSON is 400,
 * oversize bodies 413, wrong content types 415; a value the database refuses (SQLSTATE class 22)
 * is 400; a database that cannot be reached is 503 SERVICE_UNAVAILABLE with Retry-After
 * (docs/operations.md); anything unexpected is logged and answered as a 500 with a generic text,
 * never its details.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  API_BASE_PATH,
  API_ERROR_CODES,
  API_ERRORS,
  VALIDATION_FAILED,
  type ApiErrorKey,
} from '@flockr/contract';
import { isConnectionError, isInvalidInputError, isStatementTimeout } from '../lib/db-errors.js';
import { HttpError } from '../lib/http-error.js';

/**
 * Seconds a client is asked to wait (Retry-After, RFC 9110 §10.2.3) when a service the request
 * needs is unreachable or the instance is not ready (docs/operations.md).
 */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** The body of an error answer for catalogue entry `key` (its text unless `message` is given). */
export function errorBody(key: ApiErrorKey, message?: string): { error: string; code: string } {
  return { error: message ?? API_ERRORS[key], code: API_ERROR_CODES[key] };
}

/** Installs the error handler for the whole app. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send({ ...error.details, error: error.message, code: error.code });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      return reply
        .status(400)
        .send({ error: first?.message ?? API_ERRORS.invalidRequest, code: VALIDATION_FAILED });
    }
    const code = (error as FastifyError).code;
    const status = (error as FastifyError).statusCode;
    if (
      code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      (code === 'FST_ERR_CTP_EMPTY_JSON_BODY' && status === 400)
    ) {
      return reply.status(400).send(errorBody('invalidJson'));
    }
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send(errorBody('payloadTooLarge'));
    }
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send(errorBody('unsupportedMediaType'));
    }
    if (status === 429) {
      return reply.status(429).send(errorBody('tooManyRequests'));
    }
    if (status && status >= 400 && status < 500) {
      const key: ApiErrorKey = status === 404 ? 'notFound' : 'invalidRequest';
      return reply.status(status).send(errorBody(key, error.message || undefined));
    }
    // Last line of defence: input the schemas let through but the database refused.
    if (isInvalidInputError(error)) {
      request.log.warn({ err: error }, 'database refused a value from the request');
      return reply.status(400).send(errorBody('invalidRequest'));
    }
    // The database is unreachable (down, restarting, network), or a statement ran past
    // DATABASE_STATEMENT_TIMEOUT_MS (a lock held elsewhere, a load peak; its transaction rolled
    // back): the request may succeed on retry or on another instance, so it is a 503 with
    // Retry-After, never a 500.
    const unavailable = isConnectionError(error)
      ? 'database unreachable'
      : isStatementTimeout(error)
        ? 'database statement timed out'
        : undefined;
    if (unavailable) {
      request.log.warn({ err: error }, unavailable);
      return reply
        .status(503)
        .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
        .send(errorBody('serviceUnavailable'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('serverError'));
  });
}

/** True when `url` is an API path (answers JSON errors instead of the web app). */
export function isApiPath(url: string): boolean {
  return (
    url === API_BASE_PATH ||
    url.startsWith(`${API_BASE_PATH}/`) ||
    url.startsWith(`${API_BASE_PATH}?`)
  );
}
