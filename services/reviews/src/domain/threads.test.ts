import { THREAD_FULL, THREAD_HELP_ADMIN, THREAD_HELP_ALREADY, THREAD_MAX_MESSAGES } from '@market/contracts';
import { describe, expect, it } from 'vitest';
import {
  archive,
  archivedBy,
  askHelp,
  checkVersion,
  markRead,
  partyOf,
  reply,
  snippet,
  StaleThread,
  startThread,
  summaryOf,
  ThreadRuleError,
  type Thread,
} from './threads';

const at = new Date('2026-11-29T04:00:00Z');
const sellerThread = (): Thread =>
  startThread({
    id: 'a'.repeat(24),
    kind: 'seller',
    customerid: 'c1',
    customerName: 'Nimal Perera',
    customerEmail: 'nimal@example.lk',
    sellerid: 's1',
    sellerName: 'Galle Road Mobiles',
    about: { id: 'i1', title: 'Galaxy A55 (Samsung)' },
    text: 'Is it in stock?',
    at,
  });

describe('thread rules', () => {
  it('lets only its customer, its seller and (for a team thread or once help was asked) admins read it', () => {
    const t = sellerThread();
    expect(partyOf(t, { id: 'c1', role: 'customer' })).toBe('customer');
    expect(partyOf(t, { id: 's1', role: 'seller' })).toBe('seller');
    expect(partyOf(t, { id: 'c2', role: 'customer' })).toBeNull();
    expect(partyOf(t, { id: 's2', role: 'seller' })).toBeNull();
    expect(partyOf(t, { id: 'a1', role: 'admin' })).toBeNull();
    expect(partyOf(askHelp(t, 'seller', at), { id: 'a1', role: 'admin' })).toBe('admin');
    expect(partyOf({ ...t, kind: 'admin', sellerid: '' }, { id: 'a1', role: 'admin' })).toBe('admin');
    expect(partyOf({ ...t, kind: 'admin', sellerid: '' }, { id: 's1', role: 'seller' })).toBeNull();
  });

  it('counts unread messages per party and marks only what the reader saw', () => {
    let t = sellerThread();
    expect(summaryOf(t).unread).toEqual({ customer: 0, seller: 1, admin: 0 });
    t = reply(t, 'seller', 'Galle Road Mobiles', 'Yes', at);
    expect(summaryOf(t).unread).toEqual({ customer: 1, seller: 0, admin: 0 });
    const seenAt = t.aggregateVersion;
    t = reply(t, 'seller', 'Galle Road Mobiles', 'Two left', at);
    expect(summaryOf(t).unread.customer).toBe(2);
    expect(summaryOf(markRead(t, 'customer', seenAt)!).unread.customer).toBe(1);
    const all = markRead(t, 'customer', t.aggregateVersion)!;
    expect(summaryOf(all).unread.customer).toBe(0);
    expect(markRead(all, 'customer', all.aggregateVersion)).toBeNull();
  });

  it('refuses a change based on a version a newer message came after, not one only read marks came after', () => {
    let t = sellerThread();
    t = markRead(t, 'seller', 1)!;
    expect(() => checkVersion(t, 1)).not.toThrow();
    t = reply(t, 'seller', 'S', 'Yes', at);
    expect(() => checkVersion(t, 2)).toThrow(StaleThread);
    expect(() => checkVersion(t, t.aggregateVersion)).not.toThrow();
    expect(() => checkVersion(t, t.aggregateVersion + 1)).toThrow(StaleThread);
  });

  it('takes help once, only on a seller thread, and counts the whole thread unread for the admins', () => {
    const t = sellerThread();
    const helped = askHelp(t, 'customer', at);
    expect(summaryOf(helped).unread.admin).toBe(1);
    expect(summaryOf(helped).help).toEqual({ by: 'customer', at: at.toISOString() });
    expect(() => askHelp(helped, 'seller', at)).toThrow(THREAD_HELP_ALREADY);
    expect(() => askHelp({ ...t, kind: 'admin' }, 'customer', at)).toThrow(THREAD_HELP_ADMIN);
  });

  it(`keeps at most ${THREAD_MAX_MESSAGES} messages`, () => {
    let t = sellerThread();
    for (let n = 1; n < THREAD_MAX_MESSAGES; n++) t = reply(t, n % 2 ? 'seller' : 'customer', 'x', `m${n}`, at);
    expect(() => reply(t, 'customer', 'x', 'one more', at)).toThrow(ThreadRuleError);
    expect(() => reply(t, 'customer', 'x', 'one more', at)).toThrow(THREAD_FULL);
  });

  it('shows the latest message as one line of at most 140 characters', () => {
    expect(snippet('a\n\nb')).toBe('a b');
    const long = snippet('x'.repeat(300));
    expect(long).toHaveLength(140);
    expect(long.endsWith('…')).toBe(true);
  });

  it("takes a deleted thread off only the deleting party's list until someone else writes", () => {
    const t = reply(sellerThread(), 'seller', 'Galle Road Mobiles', 'Yes, two left', at);
    const gone = archive(t, 'seller')!;
    expect(archivedBy(gone)).toEqual(['seller']);
    expect(summaryOf(gone).archivedBy).toEqual(['seller']);
    expect(summaryOf(gone).unread.seller).toBe(0);
    expect(gone.aggregateVersion).toBe(t.aggregateVersion + 1);
    // Deleting again changes nothing; the customer still has it.
    expect(archive(gone, 'seller')).toBeNull();
    expect(summaryOf(t).archivedBy).toBeUndefined();
    // The customer's next message brings it back, unread.
    const back = reply(gone, 'customer', 'Nimal Perera', 'Can you hold one?', at);
    expect(archivedBy(back)).toEqual([]);
    expect(summaryOf(back).archivedBy).toBeUndefined();
    expect(summaryOf(back).unread.seller).toBe(1);
  });
});
