/**
 * Wrong-CVC lockout of saved cards (issue 27 item 5: "12 wrong, then the right one paid";
 * docs/architecture.md, Rate limits). Without it the CVC, three or four digits, could be guessed
 * through `POST /checkout/{checkoutId}/pay`.
 *
 * - Every wrong CVC counts against the card and against its owner's account, in Redis (platform's
 *   AttemptLimit, shared by every ordering replica), over a window of WRONG_CVC_WINDOW_MINUTES
 *   (15) from the first wrong one.
 * - Once a card has MAX_WRONG_CVC_PER_CARD (5), or the account MAX_WRONG_CVC_PER_ACCOUNT (10)
 *   over all its cards, every pay with that card (or any card of the account) answers 429
 *   CVC_LOCKED_CARD / CVC_LOCKED_ACCOUNT with Retry-After until the window ends, before the CVC is
 *   even compared: a right guess after the limit learns nothing. The wallet is not affected.
 * - A right CVC forgets the card's failures (not the account's: guesses spread over cards still add up).
 * - The customer gets one `cvc-locked` e-mail per lockout window of their account (a Redis key
 *   set with NX for the window), not one per wrong try: the failure that locks the card or the
 *   account queues it, the rest of the window queues nothing.
 */
import {
  CVC_LOCKED_ACCOUNT,
  CVC_LOCKED_CARD,
  MAX_WRONG_CVC_PER_ACCOUNT,
  MAX_WRONG_CVC_PER_CARD,
  WRONG_CVC_WINDOW_MINUTES,
  type EmailJob,
} from '@market/contracts';
import { AttemptLimit } from '@market/platform';
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

export interface CvcGuard {
  /**
   * Before comparing a CVC.
   * @throws HttpError 429 (Retry-After) while the card or the owner's account is locked
   */
  ensureOpen(card: GuardedCard): Promise<void>;
  /** After a wrong CVC: counts it; the failure that locks the card or the account e-mails the owner (once per window). */
  wrong(card: GuardedCard): Promise<void>;
  /** After a right CVC: forgets the card's failures. */
  right(card: GuardedCard): Promise<void>;
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
    async ensureOpen(card) {
      await perAccount.ensureOpen(card.ownerID, CVC_LOCKED_ACCOUNT);
      await perCard.ensureOpen(String(card._id), CVC_LOCKED_CARD);
    },
    async wrong(card) {
      const [c, a] = await Promise.all([perCard.fail(String(card._id)), perAccount.fail(card.ownerID)]);
      if (a.lockedNow) await tellOwner(card, 'account', a.count);
      else if (c.lockedNow) await tellOwner(card, 'card', c.count);
    },
    async right(card) {
      await perCard.forget(String(card._id));
    },
  };
}
