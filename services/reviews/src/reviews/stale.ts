/**
 * The refusal of a review write based on an older state (issue 30 item 7: a seller's reply, an
 * admin's dismissal): 409 with the documented error body plus the review as it is now, so the
 * page shows it at once instead of writing over it (docs/architecture.md, Consumers; the cart's
 * store/staleWrite.ts does the same for carts). `http/reviews.ts` answers it with the card of
 * `current` as `review`.
 */
import { HttpError } from '@market/platform';
import type { ReviewDoc } from '../store/reviews';

/** A 409 carrying the current review. */
export class StaleReviewError extends HttpError {
  constructor(
    message: string,
    /** The review as stored now. */
    readonly current: ReviewDoc,
  ) {
    super(409, message, { version: message });
  }
}
