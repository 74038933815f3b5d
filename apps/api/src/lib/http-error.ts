/**
 * The one error type domain code throws. It names an entry of the contract's error catalogue
 * (`API_ERRORS` for the text, `API_ERROR_CODES` for the stable code); the error handler
 * (plugins/errors.ts) answers it as `{ "error": text, "code": CODE }` with its HTTP status.
 */
import {
  API_ERROR_CODES,
  API_ERRORS,
  VALIDATION_FAILED,
  type ApiErrorKey,
  type ErrorCode,
} from '@flockr/contract';

export class HttpError extends Error {
  /** The stable machine code of the answer (docs/errors.md). */
  readonly code: ErrorCode;

  /**
   * @param statusCode HTTP status (4xx or 5xx).
   * @param key the catalogue entry; its text is the message unless `options.message` is given
   *   (texts with placeholders, such as `orderTransition`).
   * @param options extra response headers (e.g. Retry-After), a message of the same meaning,
   *   or `details`: fields the answer carries beside `error` and `code`, which the endpoint's
   *   error schema in the route table declares (e.g. BUILD_NOT_FOUND's `builds`).
   */
  constructor(
    public readonly statusCode: number,
    key: ApiErrorKey,
    public readonly options: {
      message?: string;
      headers?: Record<string, string>;
      details?: Record<string, unknown>;
    } = {},
  ) {
    super(options.message ?? API_ERRORS[key]);
    this.name = 'HttpError';
    this.code = API_ERROR_CODES[key];
  }

  /** Fields the answer carries beside `error` and `code`. */
  get details(): Record<string, unknown> {
    return this.options.details ?? {};
  }

  /** Response headers to send with the answer. */
  get headers(): Record<string, string> {
    return this.options.headers ?? {};
  }
}

/** A field failed its rule: 400 with the field's own message (requirements §5) and VALIDATION_FAILED. */
export class ValidationError extends HttpError {
  override readonly code: ErrorCode = VALIDATION_FAILED;
  constructor(message: string) {
    super(400, 'invalidRequest', { message });
  }
}

/** Shorthands for the statuses the API uses; each takes a catalogue key. */
export const badRequest = (key: ApiErrorKey) => new HttpError(400, key);
export const unauthorized = (key: ApiErrorKey) => new HttpError(401, key);
export const forbidden = (key: ApiErrorKey) => new HttpError(403, key);
export const notFound = (key: ApiErrorKey) => new HttpError(404, key);
export const conflict = (key: ApiErrorKey) => new HttpError(409, key);
