/** Ordering configuration: the platform's base variables plus the card-hash key (docs/architecture.md, Departures from the documents) and the search index. */
import { COD_LIMIT_RUPEES, RETURN_WINDOW_DAYS } from '@market/contracts';
import { BaseConfigSchema, SearchConfigFields } from '@market/platform';
import { z } from 'zod';

export const OrderingConfigSchema = BaseConfigSchema.extend({
  SERVICE_NAME: z.string().default('ordering'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8074),
  /** Key of the HMACs stored instead of card numbers and CVCs; at least 32 characters. */
  CARD_HASH_SECRET: z.string().min(32, 'CARD_HASH_SECRET must have at least 32 characters'),
  /**
   * Demo seeding only (orders over the last six months): honour the
   * `X-Demo-Placed-At` header of a pay within the past year. Never set in production.
   */
  DEMO_BACKDATING: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * Who takes the money (domain/payments.ts `PaymentProvider`). Only the sandbox exists: it
   * approves every capture and confirms a wallet payment (`POST /paypal-transaction-complete`)
   * with no proof from any provider, so production refuses it (platform's productionConfig.ts)
   * unless {@link PAYMENT_SANDBOX_IN_PRODUCTION} says this deployment takes no real money. A real
   * provider added here must verify the provider's own confirmation (a signed webhook or a
   * server-to-server capture lookup) before an order is confirmed.
   */
  PAYMENT_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  /**
   * The largest checkout, rupees, that may be paid by cash on delivery (issue 29; README "Cash on
   * delivery"); contracts' COD_LIMIT_RUPEES when unset.
   */
  COD_LIMIT_RUPEES: z.coerce.number().int().min(0).default(COD_LIMIT_RUPEES),
  /**
   * How long a paid checkout waits for the catalogue's stock decision, ms, before it is rejected and
   * refunded (issue 30 item 1, "every saga ends"; checkout/deadline.ts). Default 2 minutes.
   */
  STOCK_DECISION_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(120_000),
  /**
   * BullMQ key prefix of the `checkout-deadline` queue. Default `bull`, or `bull-<MONGO_DB>` when
   * the database is overridden (side-by-side test stacks must not expire each other's checkouts).
   */
  DEADLINE_QUEUE_PREFIX: z
    .string()
    .regex(/^[\w-]+$/)
    .optional(),
  /** true only on a production-like demo (docker-compose, the k8s dev overlay): allows the sandbox. */
  PAYMENT_SANDBOX_IN_PRODUCTION: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * Days after an order line's Delivered time during which its customer may ask to return it
   * (issue 31 item 3); contracts' RETURN_WINDOW_DAYS (7) when unset.
   */
  RETURN_WINDOW_DAYS: z.coerce.number().int().min(0).max(365).default(RETURN_WINDOW_DAYS),
  /**
   * Where the marketplace admins' return e-mails go (an escalated return, a cash-on-delivery refund
   * due; issue 31 item 3). Unset: those e-mails are not sent (the admin's returns list shows them).
   */
  RETURNS_ADMIN_EMAIL: z.email('RETURNS_ADMIN_EMAIL must be an e-mail address').optional(),
  /**
   * The admin transaction search index: OPENSEARCH_URL, SEARCH_INDEX (alias prefix,
   * default `ordering`), OPENSEARCH_REPLICAS.
   */
  ...SearchConfigFields,
});

export type OrderingConfig = z.infer<typeof OrderingConfigSchema>;

/** The `checkout-deadline` queue's prefix for `config`. */
export function deadlineQueuePrefix(config: Pick<OrderingConfig, 'DEADLINE_QUEUE_PREFIX' | 'MONGO_DB'>): string {
  return config.DEADLINE_QUEUE_PREFIX ?? (config.MONGO_DB ? `bull-${config.MONGO_DB}` : 'bull');
}
