/**
 * Identity configuration: the platform's base variables plus the session key, the
 * first admin account created at first start, cookie security, and the admin search indices.
 */
import { BaseConfigSchema, SearchConfigFields } from '@market/platform';
import { z } from 'zod';

export const IdentityConfigSchema = BaseConfigSchema.extend({
  SERVICE_NAME: z.string().default('identity'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8071),
  /** Key that signs session tokens; shared with the gateway only. */
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters'),
  /** Key of the HMAC that stores reset codes; defaults to a derivation of SESSION_SECRET. */
  RESET_CODE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The first admin, created when no admin exists yet. */
  ADMIN_USERNAME: z.string().min(3, 'must be at least 3 characters'),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters'),
  ADMIN_EMAIL: z.email('must be an e-mail address'),
  /**
   * Send the session cookie only over HTTPS. Unset: true when NODE_ENV=production (issue 27 item 4),
   * false otherwise (`npm start` serves plain http). A local cluster on plain http sets 'false'.
   */
  COOKIE_SECURE: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  /** Where people sign in, for links in e-mails. */
  WEB_URL: z.url().default('http://localhost:3000'),
  /**
   * The admin search indices: OPENSEARCH_URL, SEARCH_INDEX (alias prefix, default
   * `identity`), OPENSEARCH_REPLICAS.
   */
  ...SearchConfigFields,
}).transform((c) => ({ ...c, COOKIE_SECURE: c.COOKIE_SECURE ?? c.NODE_ENV === 'production' }));

export type IdentityConfig = z.infer<typeof IdentityConfigSchema>;
