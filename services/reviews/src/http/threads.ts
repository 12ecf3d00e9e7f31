/**
 * Conversation routes (issue 30 item 6; contracts `threads-api.ts`): thin adapters that parse the
 * request, call the use case (threads/conversation.ts) and write the answer. Every signed-in role
 * may call them; which threads each one reaches is the rules' (domain/threads.ts `partyOf`).
 * A stale write answers 409 `{ error, thread }` with the thread as it is now; a rule's refusal 409
 * `{ error }`; someone else's or an unknown thread 404.
 */
import { THREAD_NOT_FOUND, ThreadListQuerySchema, ThreadReplySchema, ThreadVersionSchema } from '@market/contracts';
import { conflict, notFound, pageRequest, requireCaller, sendList } from '@market/platform';
import { Router, type ErrorRequestHandler } from 'express';
import { StaleThread, threadAnswer, ThreadRuleError, partyOf } from '../domain/threads';
import {
  archiveThread,
  listThreads,
  markThreadRead,
  readThread,
  replyTo,
  requestHelp,
  unreadThreads,
  type ThreadDeps,
} from '../threads/conversation';

const ROLES = ['customer', 'seller', 'admin'] as const;

/** The conversation routes (see the module comment). */
export function threadRoutes(d: ThreadDeps): Router {
  const r = Router();

  r.get('/threads', async (req, res) => {
    const caller = requireCaller(req, ...ROLES);
    const q = ThreadListQuerySchema.parse(req.query);
    const page = pageRequest(q);
    const found = await listThreads(d, caller, page, q.unread === 'true');
    sendList(res, page, found.views, found.total);
  });

  r.get('/threads/unread', async (req, res) => {
    const caller = requireCaller(req, ...ROLES);
    res.json({ threads: await unreadThreads(d, caller) });
  });

  r.get('/threads/:id', async (req, res) => {
    const caller = requireCaller(req, ...ROLES);
    res.json(await readThread(d, caller, String(req.params.id)));
  });

  r.post('/threads/:id/messages', async (req, res) => {
    const caller = requireCaller(req, ...ROLES);
    const body = ThreadReplySchema.parse(req.body);
    res.status(201).json(await replyTo(d, caller, String(req.params.id), body));
  });

  r.put('/threads/:id/read', async (req, res) => {
    const caller = requireCaller(req, ...ROLES);
    const { version } = ThreadVersionSchema.parse(req.body);
    res.json(await markThreadRead(d, caller, String(req.params.id), version));
  });

  r.put('/threads/:id/help', async (req, res) => {
    const caller = requireCaller(req, 'customer', 'seller');
    const { version } = ThreadVersionSchema.parse(req.body);
    res.json(await requestHelp(d, caller, String(req.params.id), version));
  });

  r.put('/threads/:id/archive', async (req, res) => {
    const caller = requireCaller(req, ...ROLES);
    const { version } = ThreadVersionSchema.parse(req.body);
    res.json(await archiveThread(d, caller, String(req.params.id), version));
  });

  // The thread's own refusals: 409 with the current thread (as the caller may see it), or the rule's message.
  const threadErrors: ErrorRequestHandler = (err, req, res, next) => {
    if (err instanceof StaleThread) {
      const party = req.caller ? partyOf(err.current, req.caller) : null;
      if (party) res.status(409).json({ error: err.message, thread: threadAnswer(err.current, party) });
      else next(notFound(THREAD_NOT_FOUND));
    } else if (err instanceof ThreadRuleError) next(conflict(err.message));
    else next(err);
  };
  r.use(threadErrors);
  return r;
}
