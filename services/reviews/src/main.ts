/**
 * Reviews service process: wiring only (docs/architecture.md, Services). Reviews and their
 * moderation (outbox events ReviewCreated / Updated / Deleted / Reported on `Topics.review`),
 * contact messages to the admin and to sellers, each the start of a conversation (threads: outbox
 * events ThreadStarted / Replied / Read / HelpRequested on `Topics.thread`), the read models of
 * customers, items, sellers, purchases and orders, and the OpenSearch read models of reviews,
 * messages and threads that answer every list.
 *
 * Consumer group `reviews` (suffixed with the database name when MONGO_DB is set, so test stacks
 * sharing the brokers each get every event) on the customer, item, seller and order topics, and
 * its own review topic for the e-mails of admins' decisions on reported reviews and its thread
 * topic for the e-mail notices of replies; the reviews read model's projection has its own group
 * (`<group>-search`) on the review and item topics, the threads projection `<group>-threads` on the
 * thread topic.
 * Port 8075 (config.ts); the gateway proxies `/review/*`, `/contact/*`, `/contactsel/*` and `/threads/*`.
 */
import '@market/platform/telemetry';
import { Queues, type EmailJob, type ThreadSummary } from '@market/contracts';
import { createQueue, mailOnce, runService, SearchIndex, searchAliasOf, subscriptions } from '@market/platform';
import { ReviewsConfigSchema } from './config';
import { messageIndexDefinition, type MessageRow } from './domain/messageSearch';
import { reviewIndexDefinition, type ReviewRow } from './domain/reviewSearch';
import { readModelHandlers } from './events/consumers';
import { startReviewSearch } from './events/reviewProjection';
import { orderRefHandlers } from './events/orderRefs';
import { threadProjection } from './events/threadProjection';
import { messageRoutes } from './http/messages';
import { reviewRoutes } from './http/reviews';
import { threadRoutes } from './http/threads';
import { reviewDecisionMailHandlers } from './mail/reviewDecisionMails';
import { contactModel, contactSellerModel } from './store/messages';
import { readModels } from './store/readModels';
import { reviewModel } from './store/reviews';
import { orderRefModel } from './store/orderRefs';
import { threadIndexDefinition, threadModel } from './store/threads';
import { threadNoticeHandlers } from './threads/notices';

void runService({
  configSchema: ReviewsConfigSchema,
  dbName: 'reviews',
  async setup({ config, app, db, redis, bullRedis, kafka, logger, shutdown, startRelay, consume }) {
    const reviews = reviewModel(db);
    const contact = contactModel(db);
    const contactsel = contactSellerModel(db);
    const rm = readModels(db);
    // Conversations (issue 30 item 6): the thread aggregates, by `_id` only.
    const threads = threadModel(db);
    // The orders a contact message may name (OrderPlaced: customer and sellers), by OrderID.
    const orderRefs = orderRefModel(db);
    await Promise.all([
      reviews.init(),
      contact.init(),
      contactsel.init(),
      threads.init(),
      orderRefs.init(),
      ...Object.values(rm).map((m) => m.init()),
    ]);
    const nudge = startRelay([reviews, threads]);
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
    // The thread lists and unread counts (store/threads.ts), fed by the threads' own events.
    const threadIndex = new SearchIndex<ThreadSummary>({
      ...common,
      alias: searchAliasOf(config, 'reviews', 'threads'),
      definition: threadIndexDefinition,
      unavailableMessage: 'Your conversations cannot be shown at the moment, please try again shortly',
    });
    await threadProjection.start({ config, kafka, logger, shutdown, indices: { threads: threadIndex }, sources: undefined });
    shutdown.add('search clients', () => Promise.all([search.index.close(), messages.close(), threadIndex.close()]).then(() => undefined));
    // The reporting seller's e-mail of an admin's decision on a review (issue 30 item 7), once each.
    const emailQueue = createQueue<EmailJob>(Queues.email, bullRedis);
    shutdown.add('email queue', () => emailQueue.close());
    const decisionMails = reviewDecisionMailHandlers({ reviews, rm, send: mailOnce(emailQueue, db), webUrl: config.WEB_URL, logger });
    const readModel = readModelHandlers(rm);
    // The e-mail notice of a new reply in a conversation (issue 30 item 6), once per reply and recipient.
    const orderRefFeed = orderRefHandlers(orderRefs);
    const threadNotices = threadNoticeHandlers({ threads, rm, send: mailOnce(emailQueue, db), webUrl: config.WEB_URL, logger });
    // What the reviews service consumes; several handlers of one type run in the order listed.
    await consume(
      subscriptions({
        CustomerRegistered: [readModel],
        CustomerUpdated: [readModel],
        CustomerDeleted: [readModel],
        ItemCreated: [readModel],
        ItemUpdated: [readModel],
        ItemDeleted: [readModel],
        SellerApproved: [readModel],
        SellerUpdated: [readModel],
        SellerDeleted: [readModel],
        OrderConfirmed: [readModel],
        ReviewDeleted: [decisionMails],
        ReviewReportDismissed: [decisionMails],
        ThreadReplied: [threadNotices],
        OrderPlaced: [orderRefFeed],
      }),
    );
    const threadDeps = { threads, index: threadIndex, nudge: () => nudge(), logger };
    app.use(
      reviewRoutes({ reviews, rm, nudge, search }),
      // Contact messages per account and hour (issue 27 item 8), beside the gateway's per-IP limit.
      messageRoutes(contact, contactsel, rm, messages, { redis, perHour: config.CONTACT_MESSAGES_PER_HOUR }, threadDeps, orderRefs),
      threadRoutes(threadDeps),
    );
  },
});
