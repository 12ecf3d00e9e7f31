/**
 * Carts and wishlists are read by the customer's id as their `_id` (services/cart/src/store/
 * ownerKeyed.ts), on the real local database: documents stored before that rule, with random ids
 * and a unique index on the owner field, are re-keyed once at start-up and then found by `_id`;
 * the migration runs once (its marker) and loses no line.
 */
import { connectMongo } from '@market/platform';
import { testServers, uniqueName } from '@market/platform/testing';
import { Types, type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartModel, getOrCreateCart } from '../src/store/carts';
import { keyByOwner, ownerKey } from '../src/store/ownerKeyed';
import { getOrCreateWishlist, wishlistModel } from '../src/store/wishlists';

let conn: Connection;

beforeAll(async () => {
  conn = await connectMongo({ url: testServers().mongoUrl, dbName: uniqueName('cart-it-owner') });
});
afterAll(async () => {
  if (process.env.KEEP_TEST_DATABASES !== '1') await conn.dropDatabase();
  await conn.close();
});

describe('carts and wishlists keyed by their customer', () => {
  it('re-keys carts and wishlists stored under random ids once, keeping their lines, then reads them by _id', async () => {
    const carts = cartModel(conn);
    const wishlists = wishlistModel(conn);
    const alice = new Types.ObjectId().toHexString();
    const bob = new Types.ObjectId().toHexString();
    // As stored before: random ids, one per customer by a unique index on the owner field.
    await carts.collection.createIndex({ customerID: 1 }, { unique: true });
    await wishlists.collection.createIndex({ CustomerID: 1 }, { unique: true });
    const oldCart = new Types.ObjectId();
    await carts.collection.insertOne({
      _id: oldCart,
      customerID: alice,
      ItemIDs: ['a1'],
      itemQtys: [3],
      PackageIDs: [],
      packageQtys: [],
      rev: 4,
      createdAt: new Date(),
    });
    await wishlists.collection.insertOne({
      _id: new Types.ObjectId(),
      CustomerID: alice,
      Items: ['w1', 'w2'],
      rev: 2,
      createdAt: new Date(),
    });

    expect(await keyByOwner(carts, 'customerID')).toBe(1);
    expect(await keyByOwner(wishlists, 'CustomerID')).toBe(1);
    // The marker: a second start-up re-keys nothing.
    expect(await keyByOwner(carts, 'customerID')).toBe(0);

    expect(await carts.findById(oldCart).lean()).toBeNull();
    const cart = await carts.findById(ownerKey(alice)).lean();
    expect(cart).toMatchObject({ customerID: alice, ItemIDs: ['a1'], itemQtys: [3], rev: 4 });
    const { cart: again, created } = await getOrCreateCart(carts, alice);
    expect(created).toBe(false);
    expect(String(again._id)).toBe(alice);
    expect((await getOrCreateWishlist(wishlists, alice)).Items).toEqual(['w1', 'w2']);

    // A new customer's cart is created under their id, once, even when asked twice at once.
    const [one, two] = await Promise.all([getOrCreateCart(carts, bob), getOrCreateCart(carts, bob)]);
    expect([one.created, two.created].filter(Boolean)).toHaveLength(1);
    expect(String(one.cart._id)).toBe(bob);
    expect(await carts.countDocuments({ customerID: bob })).toBe(1);
  });
});
