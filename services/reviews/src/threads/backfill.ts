/**
 * Conversations for the contact messages sent before conversations existed (issue 30 item 6): a
 * maintenance step of `npm run search:rebuild` (reviews), never run on a request path. It reads
 * the `contact` and `contactsel` collections once through (as the messages index's rebuild already
 * does) and starts, for every message without one, the conversation with the message's id: to the
 * marketplace team or to its seller (the company name from the seller read model), about no item,
 * with the message as its first. Each is created with its ThreadStarted event in the outbox (a
 * duplicate id means it exists: skipped), which the running service's relay publishes on its next
 * sweep; its threads projection then lists it. Safe to run again.
 */
import type { Model } from 'mongoose';
import { startThread } from '../domain/threads';
import type { MessageDoc } from '../store/messages';
import type { ReadModels } from '../store/readModels';
import type { ThreadDoc } from '../store/threads';
import { createThread } from './conversation';

export interface BackfillDeps {
  threads: Model<ThreadDoc>;
  contact: Model<MessageDoc>;
  contactsel: Model<MessageDoc>;
  sellers: ReadModels['sellers'];
}

/**
 * Starts the missing conversations (see the module comment).
 * @returns how many were started
 */
export async function backfillThreads(d: BackfillDeps): Promise<number> {
  // No index is written here: the live projection does it from the events.
  let started = 0;
  for (const [kind, model] of [
    ['admin', d.contact],
    ['seller', d.contactsel],
  ] as const) {
    for await (const m of model.find({}).lean<MessageDoc>().cursor()) {
      const id = String((m as MessageDoc)._id);
      if (await d.threads.exists({ _id: id })) continue;
      const msg = m as MessageDoc;
      const seller = kind === 'seller' && msg.sellerid ? await d.sellers.findById(msg.sellerid).lean() : null;
      const created = await createThread(
        d.threads,
        startThread({
          id,
          kind,
          customerid: msg.customerid,
          customerName: msg.name,
          customerEmail: msg.email,
          sellerid: msg.sellerid,
          sellerName: seller?.companyname ?? '',
          about: null,
          text: msg.message,
          at: new Date(msg.createdAt),
        }),
      );
      if (created) started++;
    }
  }
  return started;
}
