/**
 * Wrong-CVC lockout of saved cards (issue 27 item 5: "12 wrong, then the right one paid";
 * docs/architecture.md, Rate limits). Without it the CVC, three or four digits, could be guessed
 * through `POST /checkout/{checkoutId}/pay`.
 *
 * - Every CVC tried is counted against the card and against its owner's account BEFORE it is
 *   compared, in Redis (platform's AttemptLimit, shared by every ordering replica, one atomic
 *   increment each), over a window of WRONG_CVC_WINDOW_MINUTES (15) from the first attempt; a
 *   right CVC gives its point back, so what stays counted are the wrong ones. Counting first
 *   holds under concurrency: a burst of simultaneous guesses gets exactly the allowed number
 *   compared, not all of them.
 * - Past MAX_WRONG_CVC_PER_CARD (5) on a card, or MAX_WRONG_CVC_PER_ACCOUNT (10) over all the
 *   account's cards, every pay with that card (or any card of the account) answers 429
 *   CVC_LOCKED_CARD / CVC_LOCKED_ACCOUNT with Retry-After until the window ends, before the CVC is
 *   compared: a right guess after the limit learns nothing. The wallet is not affected.
 * - A right CVC forgets the card's failures (not the account's: guesses spread over cards still add up).
 * - The customer gets one `cvc-locked` e-mail per lockout window of their account (a Redis key
 *   set with NX for the window), not one per wrong try: the wrong attempt that used the card's or
 *   the account's last point queues it, the rest of the window queues nothing.
 */
import {
  CVC_LOCKED_ACCOUNT,
  CVC_LOCKED_CARD,
  MAX_WRONG_CVC_PER_ACCOUNT,
  MAX_WRONG_CVC_PER_CARD,
  WRONG_CVC_WINDOW_MINUTES,
  type EmailJob,
} from '@market/contracts';
import { AttemptLimit, type CountedAttempt } from '@market/platform';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Model } from 'mongoose';
import type { Logger } from 'pino';
import type { CustomerReadDoc } from '../store/readModels';

const WINDOW_SECONDS = WRONG_CVC_WINDOW_MINUTES * 60;

/** The card as the guard and its e-mail need it. */
export interface GuardedCard {
  _id: unknown;
  ownerID: string;
  cardtype: string;
  last4: string;
}

/** An attempt {@link CvcGuard.begin} let through, to settle with `wrong` or `right`. */
export interface CvcAttempt {
  card: GuardedCard;
  perCard: CountedAttempt;
  perAccount: CountedAttempt;
}

export interface CvcGuard {
  /**
   * Before comparing a CVC: counts the attempt on the card and on the owner's account.
   * @throws HttpError 429 (Retry-After) when the card or the owner's account has no attempt left
   */
  begin(card: GuardedCard): Promise<CvcAttempt>;
  /** After a wrong CVC: the attempt stays counted; the one that used the last point e-mails the owner (once per window). */
  wrong(attempt: CvcAttempt): Promise<void>;
  /** After a right CVC: forgets the card's failures and gives the account its point back. */
  right(attempt: CvcAttempt): Promise<void>;
}

export interface CvcGuardDeps {
  redis: Redis;
  /** The `email` queue. */
  emailQueue: Pick<Queue<EmailJob>, 'add'>;
  /** Ordering's customer read model: the owner's name and e-mail address. */
  customers: Model<CustomerReadDoc>;
  logger: Logger;
}

/** The guard over Redis (keys `rl:cvc-card:<cardId>`, `rl:cvc-account:<customerId>`, `cvc-mail:<customerId>`). */
export function cvcGuard({ redis, emailQueue, customers, logger }: CvcGuardDeps): CvcGuard {
  const perCard = new AttemptLimit(redis, { keyPrefix: 'rl:cvc-card', points: MAX_WRONG_CVC_PER_CARD, durationSeconds: WINDOW_SECONDS });
  const perAccount = new AttemptLimit(redis, {
    keyPrefix: 'rl:cvc-account',
    points: MAX_WRONG_CVC_PER_ACCOUNT,
    durationSeconds: WINDOW_SECONDS,
  });

  /** Queues the `cvc-locked` e-mail unless this account had one in the window. Never throws: the 400 still answers. */
  async function tellOwner(card: GuardedCard, scope: 'card' | 'account', attempts: number): Promise<void> {
    try {
      const first = await redis.set(`cvc-mail:${card.ownerID}`, '1', 'EX', WINDOW_SECONDS, 'NX');
      if (first !== 'OK') return;
      const owner = await customers.findById(card.ownerID).lean<CustomerReadDoc>();
      if (!owner?.email || owner.deleted) {
        logger.warn({ customerId: card.ownerID }, 'wrong-CVC lockout: no e-mail address known for the customer');
        return;
      }
      const job: EmailJob = {
        to: owner.email,
        template: 'cvc-locked',
        data: {
          name: owner.firstName || 'customer',
          card: `${card.cardtype || 'card'} ending ${card.last4}`,
          scope,
          attempts,
          minutes: WRONG_CVC_WINDOW_MINUTES,
        },
      };
      await emailQueue.add(job.template, job, { jobId: `cvc-locked-${card.ownerID}-${Date.now()}` });
    } catch (err) {
      logger.error({ err, customerId: card.ownerID }, 'wrong-CVC lockout e-mail not queued');
    }
  }

  return {
    async begin(card) {
      const account = await perAccount.begin(card.ownerID, CVC_LOCKED_ACCOUNT);
      try {
        return { card, perAccount: account, perCard: await perCard.begin(String(card._id), CVC_LOCKED_CARD) };
      } catch (err) {
        // A locked card is not a guess against the account: its point goes back.
        await perAccount.succeeded(card.ownerID);
        throw err;
      }
    },
    async wrong({ card, perCard: c, perAccount: a }) {
      if (a.usesLastPoint) await tellOwner(card, 'account', a.count);
      else if (c.usesLastPoint) await tellOwner(card, 'card', c.count);
    },
    async right({ card }) {
      await Promise.all([perCard.forget(String(card._id)), perAccount.succeeded(card.ownerID)]);
    },
  };
}
