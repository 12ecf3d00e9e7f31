/**
 * What identity's use cases and routes need, built once in `main.ts`.
 */
import type { EmailJob } from '@market/contracts';
import type { OutboxRelay } from '@market/platform';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { SearchIndex } from '@market/platform';
import type { Model } from 'mongoose';
import type { Logger } from 'pino';
import type { IdentityConfig } from './config';
import type { AddressBookDoc } from './store/addressBooks';
import type { AddressEntryView } from './store/addressEntries';
import type { AdminDoc } from './store/admins';
import type { CustomerDoc } from './store/customers';
import type { ResetCodeDoc } from './store/resetCodes';
import type { OrgSellerDoc, SellerRequestDoc } from './store/sellers';
import type { AccountLimits } from './accounts/limits';
import type { AdminSearch } from './events/searchProjection';

export interface IdentityDeps {
  config: IdentityConfig;
  redis: Redis;
  relay: OutboxRelay;
  emailQueue: Queue<EmailJob>;
  limits: AccountLimits;
  customers: Model<CustomerDoc>;
  sellerRequests: Model<SellerRequestDoc>;
  orgSellers: Model<OrgSellerDoc>;
  admins: Model<AdminDoc>;
  resetCodes: Model<ResetCodeDoc>;
  /** The customers' address books (store/addressBooks.ts) and their list read model. */
  addressBooks: Model<AddressBookDoc>;
  addressIndex: SearchIndex<AddressEntryView>;
  logger: Logger;
  /** Key of the reset-code HMAC. */
  codeSecret: string;
  /** The admin searches over customers and sellers (OpenSearch). */
  search: AdminSearch;
}
