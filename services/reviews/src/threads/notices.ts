/**
 * The e-mail notice of a new reply in a conversation (issue 30 item 6: "an e-mail notice of a new
 * reply with a link, not the whole text"), template `thread-reply` (services/notifications), from
 * the service's own ThreadReplied events in its consumer group.
 *
 * Who is told: everyone in the thread but the writer, who has an address here: the customer (at
 * the address their contact form gave) and, in a seller thread, the seller (the seller read
 * model's e-mail). The admins are not e-mailed: their navigation counts unread threads.
 * Once per reply and recipient (platform's mailOnce.ts): the job id
 * `thread-reply-<threadId>-<message n>-<party>`, so a redelivered event queues nothing. The mail
 * names who replied and what the thread is about, and links to the thread's page; never the text.
 */
import type { Language } from '@market/contracts';
import type { EventHandlers, SendOnce } from '@market/platform';
import type { Model } from 'mongoose';
import type { Logger } from 'pino';
import { authorNameOf, type Thread } from '../domain/threads';
import type { ReadModels } from '../store/readModels';
import { threadOf, type ThreadDoc } from '../store/threads';

export interface ThreadNoticeDeps {
  threads: Model<ThreadDoc>;
  rm: Pick<ReadModels, 'sellers' | 'customers'>;
  send: SendOnce;
  /** The web app's origin (config WEB_URL). */
  webUrl: string;
  logger: Logger;
}

/** The page of thread `id` for a customer or a seller. */
export function threadUrl(webUrl: string, party: 'customer' | 'seller', id: string): string {
  const base = webUrl.replace(/\/+$/, '');
  return party === 'customer' ? `${base}/Customer/Messages/${id}` : `${base}/Seller/Contact/${id}`;
}

/** What the notice says the thread is about. */
export function aboutLine(t: Pick<Thread, 'about' | 'kind'>): string {
  if (t.about.kind !== 'none' && t.about.title) return t.about.title;
  return t.kind === 'admin' ? 'your message to the marketplace team' : 'your conversation';
}

/** The handler by event type, for the service's subscription list. */
export function threadNoticeHandlers(d: ThreadNoticeDeps): Pick<Required<EventHandlers>, 'ThreadReplied'> {
  return {
    ThreadReplied: async (e) => {
      const { message } = e.data;
      if (!message) return;
      const doc = await d.threads.findById(e.aggregateId).lean<ThreadDoc>();
      if (!doc) return;
      const t = threadOf(doc);
      const from = authorNameOf(t, message.from);
      const about = aboutLine(t).slice(0, 300);
      if (message.from !== 'customer' && t.customerEmail) {
        // The customer's language, from the customer events (issue 33 item 3).
        const language = (await d.rm.customers.findById(t.customerid, { language: 1 }).lean())?.language;
        await d.send(`thread-reply-${t._id}-${message.n}-customer`, {
          to: t.customerEmail,
          ...(language ? { language } : {}),
          template: 'thread-reply',
          data: { name: t.customerName, from, about, url: threadUrl(d.webUrl, 'customer', t._id) },
        });
      }
      if (t.kind === 'seller' && message.from !== 'seller') {
        const seller = (await d.rm.sellers.findById(t.sellerid).lean()) as {
          email?: string;
          ownername?: string;
          companyname?: string;
          language?: Language;
          deleted?: boolean;
        } | null;
        if (!seller?.email || seller.deleted) {
          d.logger.warn({ threadId: t._id, sellerId: t.sellerid }, 'no e-mail address for the seller of a thread; reply notice not sent');
          return;
        }
        await d.send(`thread-reply-${t._id}-${message.n}-seller`, {
          to: seller.email,
          ...(seller.language ? { language: seller.language } : {}),
          template: 'thread-reply',
          data: { name: seller.ownername || seller.companyname || t.sellerName, from, about, url: threadUrl(d.webUrl, 'seller', t._id) },
        });
      }
    },
  };
}
