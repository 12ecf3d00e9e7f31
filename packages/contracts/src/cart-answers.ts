/**
 * Answer schemas of the cart slice: the JSON bodies of its 2xx answers exactly as the cart
 * service sends them (`cartView`, `wishlistView`; spec 000 sections 3 and 7 "Wishlist", "Cart"),
 * for `ApiOperation.response` (docs/architecture.md, Validation). No amounts: the server prices a
 * cart at checkout (ordering slice).
 */
import { z } from 'zod';
import { objectIdAnswer } from './answer-fields';
import { MAX_LINE_QUANTITY } from './cart';

/** Line ids: the service lower-cases them. */
const objectId = objectIdAnswer;

/** Units per line, by item or package id (≥ 1, at most {@link MAX_LINE_QUANTITY}). */
const quantities = (of: string) =>
  z.record(objectId, z.number().int().min(1).max(MAX_LINE_QUANTITY)).describe(`Units of each ${of} line, by ${of} id (one entry per line)`);

/** The aggregate's version (≥ 1, +1 per change): what a write names as `version` / `If-Match`. */
const cartVersion = (of: string) =>
  z
    .number()
    .int()
    .min(1)
    .describe(`The ${of}'s version: send it back as \`version\` (or If-Match) so a change based on an older ${of} is refused`);

/**
 * The cart (spec 000 section 3 "Shopping cart": `_id, customerID, ItemIDs, PackageIDs`) plus the
 * units of each line: `GET /ShoppingCart/getOneCart/{customerId}`, `PUT
 * /ShoppingCart/updateSItem/{cartId}` and `POST /ShoppingCart/createrCart`. The contracts'
 * {@link CartView}.
 */
export const CartAnswerSchema = z.object({
  _id: objectId,
  customerID: objectId.describe("The owner's customer id"),
  ItemIDs: z.array(objectId).describe('Item lines, in the order added'),
  PackageIDs: z.array(objectId).describe('Package lines, in the order added'),
  ItemQuantities: quantities('item'),
  PackageQuantities: quantities('package'),
  version: cartVersion('cart'),
});

/**
 * The wishlist answer `{ wishlistss: { _id, CustomerID, Items } }` (spec 000 section 7
 * "Wishlist", its documented key spelled as the documents spell it): `POST
 * /wishlist/getByCustomerID/{customerId}`, `PUT /wishlist/update/{wishlistId}` and `POST
 * /wishlist/addItems`. The inner object is the contracts' {@link WishlistView}.
 */
export const WishlistAnswerSchema = z.object({
  wishlistss: z.object({
    _id: objectId,
    CustomerID: objectId.describe("The owner's customer id"),
    Items: z.array(objectId).describe('Item ids, in the order added'),
    version: cartVersion('wishlist'),
  }),
});
