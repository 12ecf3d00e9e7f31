/**
 * Reviews service process: wiring only (docs/architecture.md, Services). Reviews and their
 * moderation (outbox events ReviewCreated / Updated / Deleted / Reported on `Topics.review`),
 * contact messages to the admin and to sellers, and the read models of customers, items,
 * sellers and purchases.
 *
 * Consumer group `reviews` (suffixed with the database name when MONGO_DB is set, so test stacks
 * sharing the brokers each get every event) on the customer, item, seller and order topics.
 * Port 8075 (config.ts); the gateway proxies `/review/*`, `/contact/*` and `/contactsel/*`.
 */
import '@market/platform/telemetry';
import { runService } from '@market/platform';
import { ReviewsConfigSchema } from './config';
import { readModelHandlers } from './events/consumers';
import { messageRoutes } from './http/messages';
import { reviewRoutes } from './http/reviews';
import { backfillMessageLists, contactModel, contactSellerModel, messageLists } from './store/messages';
import { readModels } from './store/readModels';
import { backfillReviewLists, reviewLists } from './store/reviewLists';
import { reviewKeyModel, reviewModel } from './store/reviews';

void runService({
  configSchema: ReviewsConfigSchema,
  dbName: 'reviews',
  async setup({ config, app, db, redis, startRelay, consume }) {
    const reviews = reviewModel(db);
    const keys = reviewKeyModel(db);
    const contact = contactModel(db);
    const contactsel = contactSellerModel(db);
    const rm = readModels(db);
    const lists = reviewLists(db);
    const inbox = messageLists(db);
    await Promise.all([
      reviews.init(),
      keys.init(),
      contact.init(),
      contactsel.init(),
      ...lists.models.map((m) => m.init()),
      ...inbox.models.map((m) => m.init()),
      ...Object.values(rm).map((m) => m.init()),
    ]);
    // Reviews written before the paged lists existed get their entries once (store/reviewLists.ts).
    await backfillMessageLists([contact, contactsel], inbox);
    await backfillReviewLists(reviews, lists, async (itemid) => (await rm.items.findById(itemid).lean())?.SellerID ?? '');
    const nudge = startRelay([reviews]);
    await consume(readModelHandlers(rm, reviews, keys, nudge, lists));
    app.use(
      reviewRoutes({ reviews, keys, rm, nudge, lists }),
      // Contact messages per account and hour (issue 27 item 8), beside the gateway's per-IP limit.
      messageRoutes(contact, contactsel, rm, inbox, { redis, perHour: config.CONTACT_MESSAGES_PER_HOUR }),
    );
  },
});
