/**
 * Reviews configuration: the platform's base variables, with the service's name and port (8075),
 * the contact limit and the read models' search indices.
 */
import { CONTACT_MESSAGES_PER_HOUR } from '@market/contracts';
import { BaseConfigSchema, SearchConfigFields } from '@market/platform';
import { z } from 'zod';

/** Environment of the reviews service (validated at start; a bad value exits with code 78). */
export const ReviewsConfigSchema = BaseConfigSchema.extend({
  SERVICE_NAME: z.string().default('reviews'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8075),
  /** The web app's origin, for the links in the e-mails reviews sends (the seller's reviews page). */
  WEB_URL: z.url().default('http://localhost:3000'),
  /**
   * Messages one account may send per hour through each contact form (`POST /contact/add`,
   * `POST /contactsel/add`), counted per account and form in Redis; the next answers 429 with
   * Retry-After (issue 27 item 8; docs/architecture.md, Rate limits). Default 10.
   */
  CONTACT_MESSAGES_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(CONTACT_MESSAGES_PER_HOUR),
  /**
   * The reviews and messages read models (domain/reviewSearch.ts, domain/messageSearch.ts):
   * OPENSEARCH_URL, SEARCH_INDEX (alias prefix, default `reviews`), OPENSEARCH_REPLICAS.
   */
  ...SearchConfigFields,
});

export type ReviewsConfig = z.infer<typeof ReviewsConfigSchema>;
