/**
 * The thread list read model fed by the threads' own events (issue 30 item 6): the threads index
 * (store/threads.ts) from `reviews.thread.v1` through its own consumer group
 * (`<service group>-threads`). Every thread event carries the thread's summary after the change,
 * so the projection reads nothing else; its write is the one the writing request makes (the
 * summary at the event's version), so the later write of the same state is a no-op and an older
 * event changes nothing.
 */
import { Topics } from '@market/contracts';
import { defineProjection, type AnyEventEnvelope, type IndexOp } from '@market/platform';
import { threadOp } from '../store/threads';

/** The index writes of a chunk of events (other types are skipped). */
export function threadOps(events: readonly AnyEventEnvelope[]): IndexOp[] {
  const ops: IndexOp[] = [];
  for (const e of events) {
    if (
      e.type === 'ThreadStarted' ||
      e.type === 'ThreadReplied' ||
      e.type === 'ThreadRead' ||
      e.type === 'ThreadHelpRequested' ||
      e.type === 'ThreadArchived'
    )
      ops.push(threadOp({ ...e.data.thread, version: e.aggregateVersion }));
  }
  return ops;
}

/**
 * The thread projection, declared once for main.ts and searchRebuild.ts. It reads no sources
 * (`unknown`: the rebuild replays it beside the reviews projection, which has some).
 */
export const threadProjection = defineProjection<'threads', unknown>({
  name: 'threads',
  topics: [Topics.thread],
  indices: ['threads'],
  ops: (events) => ({ threads: threadOps(events) }),
});
