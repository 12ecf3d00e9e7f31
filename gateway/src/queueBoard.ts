/**
 * The queue dashboard for admins:
 * bull-board over the `email`, `report` and `checkout-deadline` queues (contracts' Queues), at
 * `/admin/queues` on the gateway, for a signed-in admin only (anyone else gets 404, so the page's
 * existence is not revealed). Opening the address in the browser where the admin signed in sends
 * the session cookie. Its pages get a Content-Security-Policy of their own origin: bull-board's
 * page links a Google Fonts stylesheet, which the browser then never fetches (the board falls back
 * to the system's fonts).
 */
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { Queues } from '@market/contracts';
import type { Caller } from '@market/platform';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Request, RequestHandler } from 'express';
import { Router } from 'express';

/** Where the board is served. */
export const QUEUE_BOARD_PATH = '/admin/queues';

/** The board's Content-Security-Policy: everything from the gateway itself (inline styles: the board's own). */
const BOARD_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; font-src 'self' data:; img-src 'self' data:; connect-src 'self'; base-uri 'self'; frame-ancestors 'none'";

/**
 * The board's router, guarded by `authenticate` (admins only).
 * @param connection - a Redis connection for BullMQ (`maxRetriesPerRequest: null`)
 * @returns the router and a `close()` for shutdown
 */
export function queueBoard(
  connection: Redis,
  authenticate: (req: Request) => Promise<Caller | null>,
): { router: Router; close: () => Promise<void> } {
  const queues = Object.values(Queues).map((name) => new Queue(name, { connection }));
  const adapter = new ExpressAdapter();
  adapter.setBasePath(QUEUE_BOARD_PATH);
  createBullBoard({
    queues: queues.map((q) => new BullMQAdapter(q)),
    serverAdapter: adapter,
    options: { uiConfig: { boardTitle: 'Marketplace queues' } },
  });
  const adminOnly: RequestHandler = async (req, res, next) => {
    const caller = await authenticate(req);
    if (caller?.role !== 'admin') {
      res.status(404).json({ error: 'Not found' });
      return;
    }
    next();
  };
  const ownOriginOnly: RequestHandler = (_req, res, next) => {
    res.setHeader('Content-Security-Policy', BOARD_POLICY);
    next();
  };
  const router = Router();
  router.use(QUEUE_BOARD_PATH, adminOnly, ownOriginOnly, adapter.getRouter() as RequestHandler);
  return { router, close: async () => void (await Promise.all(queues.map((q) => q.close()))) };
}
