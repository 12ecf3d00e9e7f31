/**
 * Keeps ordering's read models from catalogue and identity events (docs/architecture.md, Expected flows): item and package prices, availability and stock; customer names, address and
 * phone; seller company names and logos, and whether an admin has the seller suspended (issue 30
 * item 10: its lines are refused at checkout, checkout/read.ts). CustomerDeleted also removes that customer's saved
 * cards (orders and history stay: they are the marketplace's sales records, shown as "Former
 * customer"), found through the customer's card ids (store/cards.ts) and deleted by `_id`.
 */
import { DEFAULT_LANGUAGE, itemEventCore } from '@market/contracts';
import { applyVersioned, type EventHandler, type EventHandlers } from '@market/platform';
import type { Model } from 'mongoose';
import { ownerCardIds, type CardDoc, type CardOwnerDoc } from '../store/cards';
import type { ReadModels } from '../store/readModels';

/**
 * @param cards - the saved cards
 * @param owners - each customer's card ids (`cardOwnerModel` in store/cards.ts)
 */
export function readModelHandlers(rm: ReadModels, cards: Model<CardDoc>, owners: Model<CardOwnerDoc>): EventHandlers {
  const item: EventHandler<'ItemCreated' | 'ItemUpdated'> = async (e) => {
    // The core fields only: the item read model is schemaless and would keep the search-only rest.
    const { itemId, ...fields } = itemEventCore(e.data);
    await applyVersioned(rm.items, itemId, e.aggregateVersion, { ...fields, deleted: false });
  };
  const pkg: EventHandler<'PackageCreated' | 'PackageUpdated'> = async (e) => {
    const { packageId, ...fields } = e.data;
    await applyVersioned(rm.packages, packageId, e.aggregateVersion, { ...fields, deleted: false });
  };
  const seller: EventHandler<'SellerApproved' | 'SellerUpdated'> = async (e) => {
    const s = e.data;
    await applyVersioned(rm.sellers, s.sellerId, e.aggregateVersion, {
      companyname: s.companyname,
      logo: s.logo,
      // Where the seller's new-order e-mails go.
      ownername: s.ownername,
      email: s.email,
      // The language of the seller's e-mails (issue 33 item 3; absent in older events: en).
      language: s.language ?? DEFAULT_LANGUAGE,
      deleted: false,
    });
  };
  const customer: EventHandler<'CustomerRegistered' | 'CustomerUpdated'> = async (e) => {
    const c = e.data;
    await applyVersioned(rm.customers, c.customerId, e.aggregateVersion, {
      firstName: c.firstName,
      lastName: c.lastName,
      userImage: c.userImage,
      // Where the customer's cancellation e-mails go.
      email: c.email,
      // Where the seller delivers (order cards).
      address: c.address,
      phoneNumber: c.phoneNumber,
      // The language of the customer's e-mails (issue 33 item 3; absent in older events: en).
      language: c.language ?? DEFAULT_LANGUAGE,
      deleted: false,
    });
  };
  return {
    ItemCreated: item,
    ItemUpdated: item,
    ItemDeleted: async (e) => {
      const { itemId } = e.data;
      await applyVersioned(rm.items, itemId, e.aggregateVersion, { deleted: true, ItemAvailabilityStatus: false });
    },
    PackageCreated: pkg,
    PackageUpdated: pkg,
    PackageDeleted: async (e) => {
      const { packageId } = e.data;
      await applyVersioned(rm.packages, packageId, e.aggregateVersion, { deleted: true, packageAvailability: false });
    },
    SellerApproved: seller,
    SellerUpdated: seller,
    SellerDeleted: async (e) => {
      const { sellerId } = e.data;
      await applyVersioned(rm.sellers, sellerId, e.aggregateVersion, { deleted: true });
    },
    // A suspended seller's items and packages cannot be bought until reinstated (issue 30 item 10).
    SellerSuspended: async (e) => {
      await applyVersioned(rm.sellers, e.data.sellerId, e.aggregateVersion, { suspended: true });
    },
    SellerReinstated: async (e) => {
      await applyVersioned(rm.sellers, e.data.sellerId, e.aggregateVersion, { suspended: false });
    },
    CustomerRegistered: customer,
    CustomerUpdated: customer,
    CustomerDeleted: async (e) => {
      const { customerId } = e.data;
      await applyVersioned(rm.customers, customerId, e.aggregateVersion, {
        deleted: true,
        firstName: '',
        lastName: '',
        userImage: '',
        email: '',
        address: '',
        phoneNumber: '',
      });
      // The cards, then the owner's document: a redelivery after a crash finds the ids left and goes on.
      for (const cardId of await ownerCardIds(cards, owners, customerId)) await cards.deleteOne({ _id: cardId });
      await owners.deleteOne({ _id: customerId });
    },
  };
}
