/**
 * Whether a catalogue record belongs to the signed-in seller. Items and packages are read through
 * the public calls (`GET /items/get/{id}`, `GET /Packages/getPackage/{id}`),
 * which answer any seller's; the seller's edit pages show not-found for another seller's record
 * instead of a form pre-filled with its data. Display only: the server refuses the write anyway
 * (docs/architecture.md, Authorization: a seller reaches only their own items and packages).
 */
import { useSession } from '../../session/session';

/**
 * @returns a test of a record's seller id (`SellerID` of an item, `seller` of a package) against
 * the signed-in seller's `_id`; needs `<RequireSession kind="seller">`
 */
export function useIsOwn(): (sellerId: string | undefined) => boolean {
  const { profile } = useSession('seller');
  return (sellerId) => sellerId !== undefined && sellerId === profile._id;
}
