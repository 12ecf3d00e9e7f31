/**
 * One review per customer per item ("a second add edits the first"), decided with a key
 * document `review_keys/<customerid>:<itemid>` whose unique `_id` names the one review id of the
 * pair. `POST /review/add` upserts the key (only the first writer's id sticks), reads it, reads
 * the review it names, and then takes the step {@link nextAddStep} gives, until it has created
 * or edited:
 *
 * - the review is live → edit it (answer 200);
 * - the key is ours (we inserted it, or took it over) and the review does not exist → create it
 *   with the key's id (answer 201);
 * - the review is marked deleted → take the key over for a new id (never reuse a deleted
 *   review's id: catalogue keeps a tombstone for it at a higher version, so a re-created review
 *   with that id would never be counted in the rating);
 * - the review does not exist and the key is someone else's → a concurrent add is creating it:
 *   wait a moment and look again; after `maxWaits` looks the review was deleted and purged
 *   without its key being released (a crash), so take the key over.
 *
 * Pure: the store and the route do the I/O (docs/architecture.md, Local infrastructure: no transactions on FerretDB).
 */

/** What an add does next. */
export type AddStep = 'edit' | 'create' | 'takeOver' | 'wait';

export interface AddState {
  /** True when the key names the id this request proposed (it inserted or took over the key). */
  keyIsMine: boolean;
  /** The review the key names, or null when it does not exist (yet, or any more). */
  review: { deleted: boolean } | null;
  /** How many times this request has already waited for a concurrent add. */
  waits: number;
  /** How many waits before a missing review counts as purged. */
  maxWaits: number;
}

/** The next step of an add (see the module comment). */
export function nextAddStep({ keyIsMine, review, waits, maxWaits }: AddState): AddStep {
  if (review && !review.deleted) return 'edit';
  if (review?.deleted) return 'takeOver';
  if (keyIsMine) return 'create';
  return waits < maxWaits ? 'wait' : 'takeOver';
}

/** The key of a customer's review of an item: `<customerid>:<itemid>` (ids in lower case). */
export const reviewKey = (customerid: string, itemid: string): string => `${customerid}:${itemid}`;
