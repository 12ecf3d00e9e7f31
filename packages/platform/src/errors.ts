/**
 * Errors a request handler throws to answer a client (docs/architecture.md, Validation: bad input → 400
 * `{ error, fields }`, never a 500 for anything a client can send).
 *
 * The HTTP kit turns an `HttpError` into `{ error: message, fields? }` with its status; any other
 * error becomes a 500 without internals.
 */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    message: string,
    /** Field name → message, for form errors shown inline. */
    readonly fields?: Record<string, string>,
    /** Extra headers for the answer, e.g. `Retry-After` on 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/** 400 with an overall message and optional per-field messages. */
export const badRequest = (message: string, fields?: Record<string, string>) => new HttpError(400, message, fields);
/** 401: no valid session. */
export const unauthorized = (message = 'Please log in') => new HttpError(401, message);
/** 403: signed in, but this role may not do this. */
export const forbidden = (message = 'You are not allowed to do this') => new HttpError(403, message);
/** 404: absent, or someone else's (docs/architecture.md, Authorization: do not reveal it exists). */
export const notFound = (message = 'Not found') => new HttpError(404, message);
/** 409: conflicts with the current state, e.g. a duplicate. */
export const conflict = (message: string, fields?: Record<string, string>) => new HttpError(409, message, fields);
