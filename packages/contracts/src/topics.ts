/**
 * Kafka topics of the marketplace: one topic per aggregate, keyed by aggregate id so one
 * aggregate's events stay ordered (docs/architecture.md, Events). Services create these topics at start-up
 * (`ensureTopics` in @market/platform); the broker never auto-creates them.
 *
 * Every topic has a dead-letter twin `<topic>.dlq` that receives messages a consumer could not
 * apply after bounded retries (docs/architecture.md, Consumers).
 */
export const Topics = {
  customer: 'identity.customer.v1',
  seller: 'identity.seller.v1',
  addressBook: 'identity.addresses.v1',
  item: 'catalogue.item.v1',
  package: 'catalogue.package.v1',
  order: 'ordering.order.v1',
  payment: 'ordering.payment.v1',
  /** Returns (RMA) of delivered order lines (issue 31 item 3). */
  return: 'ordering.return.v1',
  review: 'reviews.review.v1',
  /** Conversations between customers, sellers and the marketplace's team (issue 30 item 6). */
  thread: 'reviews.thread.v1',
  wishlist: 'cart.wishlist.v1',
  /** Admin accounts: disabled and enabled by another admin (issue 30 item 10). */
  admin: 'identity.admin.v1',
} as const;

/** One of the topic names in {@link Topics}. */
export type Topic = (typeof Topics)[keyof typeof Topics];

/** Every aggregate topic, in a stable order. */
export const ALL_TOPICS: readonly Topic[] = Object.values(Topics);

/** Name of the dead-letter topic for `topic`, e.g. `catalogue.item.v1.dlq`. */
export function dlqTopic(topic: string): string {
  return `${topic}.dlq`;
}

/** Partitions per aggregate topic: enough for three consumer replicas to share a topic. */
export const TOPIC_PARTITIONS = 3;
