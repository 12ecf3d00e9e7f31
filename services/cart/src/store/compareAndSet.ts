/**
 * The compare-and-set retry loop of the cart's and wishlist's whole-document replacements (a
 * failed or lost update writes nothing; spec 000 section 4).
 */
import { conflict } from '@market/platform';

/** Answered when a cart or wishlist kept changing under an update (409). */
export const STALE = 'Please try again!';

/** Attempts of a read-decide-write before giving up with {@link STALE}. */
const MAX_ATTEMPTS = 10;

/**
 * Runs `attempt` until it returns a value; `undefined` means its write lost a race (the document
 * changed after it was read) and it is run again on fresh data.
 * @throws {HttpError} 409 {@link STALE} after {@link MAX_ATTEMPTS} lost races
 */
export async function compareAndSet<T>(attempt: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < MAX_ATTEMPTS; i++) {
    const done = await attempt();
    if (done !== undefined) return done;
  }
  throw conflict(STALE);
}
