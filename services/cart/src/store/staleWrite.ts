/**
 * The refusal of a cart or wishlist write based on an older version (issue 29, "two devices, one
 * account"): 409 when the version came in the body or query (`version`), 412 when it came as
 * `If-Match` (packages/platform/src/http/preconditions.ts), with the current cart or wishlist in
 * the answer so the client shows it at once instead of writing over it.
 */
import { HttpError, type WriteBase } from '@market/platform';
import type { ErrorRequestHandler } from 'express';

/** A stale write, carrying what the client should show now: `{ cart }` or `{ wishlistss }`. */
export class StaleWriteError extends HttpError {
  constructor(
    message: string,
    base: WriteBase,
    readonly current: { cart: unknown } | { wishlistss: unknown },
  ) {
    super(base.via === 'If-Match' ? 412 : 409, message, { version: message });
  }
}

/**
 * True when `base` names a version and the document is no longer at it.
 * @param version - the document's current version (store/carts.ts `versionOf`)
 */
export const isStale = (base: WriteBase, version: number): boolean => base.version !== null && base.version !== version;

/**
 * Answers a {@link StaleWriteError} as `{ error, fields, cart | wishlistss }` (the documented error
 * body plus the current state); any other error goes on to the platform's handler.
 */
export const staleWriteAnswer: ErrorRequestHandler = (err, _req, res, next) => {
  if (!(err instanceof StaleWriteError)) {
    next(err);
    return;
  }
  res.status(err.status).json({ error: err.message, fields: err.fields, ...err.current });
};
