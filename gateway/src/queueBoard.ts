/**
 * The queue dashboard for admins:
 * bull-board over the `email` and `report` queues, at `/admin/queues` on the gateway, for a
 * signed-in admin only (anyone else gets 404, so the page's existence is not revealed). Opening
 * the address in the browser where the admin signed in sends the session cookie.
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
  const router = Router();
  router.use(QUEUE_BOARD_PATH, adminOnly, adapter.getRouter() as RequestHandler);
  return { router, close: async () => void (await Promise.all(queues.map((q) => q.close()))) };
}
