/**
 * Reviews service process: wiring only (docs/architecture.md, Services). Reviews and their
 * moderation (outbox events ReviewCreated / Updated / Deleted / Reported on `Topics.review`),
 * contact messages to the admin and to sellers, the read models of customers, items, sellers and
 * purchases, and the OpenSearch read models of reviews and messages that answer every list.
 *
 * Consumer group `reviews` (suffixed with the database name when MONGO_DB is set, so test stacks
 * sharing the brokers each get every event) on the customer, item, seller and order topics; the
 * reviews read model's projection has its own group (`<group>-search`) on the review and item
 * topics.
 * Port 8075 (config.ts); the gateway proxies `/review/*`, `/contact/*` and `/contactsel/*`.
 */
import '@market/platform/telemetry';
import { runService, SearchIndex, searchAliasOf } from '@market/platform';
import { ReviewsConfigSchema } from './config';
import { messageIndexDefinition, type MessageRow } from './domain/messageSearch';
import { reviewIndexDefinition, type ReviewRow } from './domain/reviewSearch';
import { readModelHandlers } from './events/consumers';
import { startReviewSearch } from './events/reviewProjection';
import { messageRoutes } from './http/messages';
import { reviewRoutes } from './http/reviews';
import { contactModel, contactSellerModel } from './store/messages';
import { readModels } from './store/readModels';
import { reviewModel } from './store/reviews';

void runService({
  configSchema: ReviewsConfigSchema,
  dbName: 'reviews',
  async setup({ config, app, db, redis, kafka, logger, shutdown, startRelay, consume }) {
    const reviews = reviewModel(db);
    const contact = contactModel(db);
    const contactsel = contactSellerModel(db);
    const rm = readModels(db);
    await Promise.all([reviews.init(), contact.init(), contactsel.init(), ...Object.values(rm).map((m) => m.init())]);
    const nudge = startRelay([reviews]);
    // OpenSearch being down makes only the lists answer 503; the projection catches up when it is back.
    const common = { url: config.OPENSEARCH_URL, replicas: config.OPENSEARCH_REPLICAS, logger };
    const search = await startReviewSearch({
      config,
      kafka,
      logger,
      shutdown,
      index: new SearchIndex<ReviewRow>({
        ...common,
        alias: searchAliasOf(config, 'reviews', 'reviews'),
        definition: reviewIndexDefinition,
      }),
      sources: { reviews, items: rm.items },
      nudge,
    });
    const messages = new SearchIndex<MessageRow>({
      ...common,
      alias: searchAliasOf(config, 'reviews', 'messages'),
      definition: messageIndexDefinition,
    });
    shutdown.add('search clients', () => Promise.all([search.index.close(), messages.close()]).then(() => undefined));
    await consume(readModelHandlers(rm));
    app.use(
      reviewRoutes({ reviews, rm, nudge, search }),
      // Contact messages per account and hour (issue 27 item 8), beside the gateway's per-IP limit.
      messageRoutes(contact, contactsel, rm, messages, { redis, perHour: config.CONTACT_MESSAGES_PER_HOUR }),
    );
  },
});
