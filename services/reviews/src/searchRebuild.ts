/**
 * `npm run search:rebuild` for reviews: builds a fresh reviews index by replaying the live
 * projection's declaration (events/reviewProjection.ts: the review and item topics from the
 * beginning, each review read by `_id`; a deleted item's reviews are already deleted, so the
 * rebuild does not repeat that cascade), a fresh threads index from the conversations' own topic
 * (events/threadProjection.ts, replayed in the same run) and a fresh messages index from the
 * `contact` and `contactsel` collections (messages have no events: store/messages.ts), swaps each
 * alias to its new index with no downtime, then exits. On the way it starts the conversation of
 * every contact message sent before conversations existed (threads/backfill.ts).
 *
 * Configuration as reviews (MONGO_URL, MONGO_DB, OPENSEARCH_URL, SEARCH_INDEX, KAFKA_BROKERS).
 */
import { connectMongo, createLogger, loadConfig, rebuildScriptOf, runSearchRebuild, SearchIndex, searchAliasOf } from '@market/platform';
import { ReviewsConfigSchema, type ReviewsConfig } from './config';
import { messageIndexDefinition, type MessageRow } from './domain/messageSearch';
import { reviewIndexDefinition } from './domain/reviewSearch';
import { reviewsProjection, type ReviewProjectionSources } from './events/reviewProjection';
import { threadProjection } from './events/threadProjection';
import { contactModel, contactSellerModel, rebuildMessageIndex } from './store/messages';
import { readModels } from './store/readModels';
import { reviewModel } from './store/reviews';
import { threadIndexDefinition, threadModel } from './store/threads';
import { backfillThreads } from './threads/backfill';

const config = (): ReviewsConfig => loadConfig(ReviewsConfigSchema, { INTERNAL_SECRET: 'rebuild-does-not-serve-http', ...process.env });

/** The messages index from the two collections (the reviews index follows from the topic). */
async function rebuildMessages(): Promise<void> {
  const c = config();
  const logger = createLogger(`${c.SERVICE_NAME}-search-rebuild`, c.LOG_LEVEL);
  const db = await connectMongo({ url: c.MONGO_URL, dbName: c.MONGO_DB ?? 'reviews' });
  const index = new SearchIndex<MessageRow>({
    url: c.OPENSEARCH_URL,
    replicas: c.OPENSEARCH_REPLICAS,
    logger,
    requestTimeoutMs: 120_000,
    alias: searchAliasOf(c, 'reviews', 'messages'),
    definition: messageIndexDefinition,
  });
  try {
    const d = await rebuildMessageIndex(index, [contactModel(db), contactSellerModel(db)]);
    console.log(
      `search index rebuilt: ${d.index} now behind ${d.alias} with ${d.count} documents (replaced ${d.replaced.join(', ') || 'nothing'})`,
    );
    // Messages sent before conversations existed get theirs (listed once the service's relay publishes them).
    const started = await backfillThreads({
      threads: threadModel(db),
      contact: contactModel(db),
      contactsel: contactSellerModel(db),
      sellers: readModels(db).sellers,
    });
    console.log(`conversations started for earlier contact messages: ${started}`);
  } finally {
    await Promise.all([index.close(), db.close()]);
  }
}

rebuildMessages().then(
  () =>
    runSearchRebuild(
      // The live projections' declarations (the reviews one without its cascade of deleted items'
      // reviews, and the threads one), replayed together.
      rebuildScriptOf<ReviewsConfig, 'reviews' | 'threads', ReviewProjectionSources>([reviewsProjection, threadProjection], {
        service: 'reviews',
        config,
        indices: (c) => ({
          reviews: { alias: searchAliasOf(c, 'reviews', 'reviews'), definition: reviewIndexDefinition },
          threads: { alias: searchAliasOf(c, 'reviews', 'threads'), definition: threadIndexDefinition },
        }),
        sources: (db) => ({ reviews: reviewModel(db), items: readModels(db).items }),
      }),
    ),
  (err: unknown) => {
    console.error(`search:rebuild failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
