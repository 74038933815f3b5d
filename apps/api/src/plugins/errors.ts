/**
 * One error handler for the whole API (ARCHITECTURE habit 4): every failure is answered as
 * `{ "error": "<text>" }`. Domain errors keep their status and text; validation failures are 400
 * with the first field message (the spec's texts from the contract); malformed JSON is 400,
 * oversize bodies 413, wrong content types 415; anything unexpected is logged and answered as
 * a 500 with a generic text, never its details.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { API_ERRORS, API_BASE_PATH, errorResponseSchema } from '@flockr/contract';
import { HttpError } from '../lib/http-error.js';

/** Installs the error and not-found handlers for API routes on `app`. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).headers(error.headers).send({ error: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      return reply.status(400).send({ error: first?.message ?? API_ERRORS.invalidRequest });
    }
    const code = (error as FastifyError).code;
    const status = (error as FastifyError).statusCode;
    if (
      code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      (code === 'FST_ERR_CTP_EMPTY_JSON_BODY' && status === 400)
    ) {
      return reply.status(400).send({ error: API_ERRORS.invalidJson });
    }
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ error: API_ERRORS.payloadTooLarge });
    }
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ error: API_ERRORS.unsupportedMediaType });
    }
    if (status === 429) {
      return reply.status(429).send({ error: API_ERRORS.tooManyRequests });
    }
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send({ error: error.message || API_ERRORS.invalidRequest });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: API_ERRORS.serverError });
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

/**
 * Route-schema `response` entries for error statuses: each answers `{ "error": "<text>" }`.
 * Example: `response: { 200: okSchema, ...errorResponses(400, 401, 404) }`.
 */
export function errorResponses<S extends number>(
  ...statuses: S[]
): Record<S, typeof errorResponseSchema> {
  return Object.fromEntries(statuses.map((s) => [s, errorResponseSchema])) as Record<
    S,
    typeof errorResponseSchema
  >;
}
