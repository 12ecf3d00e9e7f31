/**
 * Seller replies and admins' decisions on reported reviews (issue 30 item 7), through the gateway
 * on real servers (Kafka, FerretDB, OpenSearch, Redis, the e-mail worker and MailDev):
 *
 * - the seller of the item replies publicly to a review (plain text, shown under it in every list,
 *   the public item list included); another seller's reply answers 404, a customer's 403, bad text
 *   400, a reply based on an older version of the review 409 with the current review;
 * - an admin dismisses a report and keeps the review (off the reported list, still on the item),
 *   based on the review's version; the reporting seller is e-mailed 'kept' once, even when the
 *   event is delivered again;
 * - an admin deletes a reported review, based on the version they saw (a review edited since is
 *   refused with 409): the reporting seller is e-mailed 'removed'; an author's deletion of their
 *   own review e-mails nobody;
 * - each decision is in the admins' audit log naming the deciding admin (reporting's projection of
 *   the events' `byAdmin`).
 */
import {
  REPLY_REQUIRED,
  REPLY_TOO_LONG,
  REVIEW_NOT_REPORTED,
  STALE_REVIEW,
  Topics,
  type AuditEntryAnswer,
  type ReviewView,
} from '@market/contracts';
import { createKafka, publishEvents, untypedPendingEvent } from '@market/platform';
import { mailsTo, testServers, waitFor } from '@market/platform/testing';
import { acceptedSeller, Client, itemBody, newSellerRequest, startCatalogueWorld, type CatalogueWorld } from '@market/testing';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let world: CatalogueWorld;
let seller: { client: Client; id: string; email: string };
let other: { client: Client; id: string };
let alice: { client: Client; id: string };
let bob: { client: Client; id: string };

beforeAll(async () => {
  world = await startCatalogueWorld(['reviews', 'reporting']);
  const request = newSellerRequest();
  const s = await acceptedSeller(world.stack.gatewayUrl, world.admin, request);
  seller = { client: s.client, id: s.id, email: request.email };
  other = await world.newSeller();
  alice = await world.newCustomer();
  bob = await world.newCustomer();
}, 180_000);

afterAll(async () => {
  await world?.stack.stop();
});

/** The audit log's entry of `action` on review `reviewId`, once reporting has it. */
async function auditEntry(reviewId: string, action: string): Promise<AuditEntryAnswer> {
  return waitFor(
    async () => {
      const r = await world.admin.get<{ items: AuditEntryAnswer[] }>(`/Admin/audit?targetId=${reviewId}&page=1&limit=20`);
      return r.status === 200 ? r.body.items.find((e) => e.action === action) : undefined;
    },
    30_000,
    200,
    `the audit entry ${action} of ${reviewId}`,
  );
}

/** A new item of `owner`. */
async function item(name: string, owner: { client: Client } = seller): Promise<string> {
  const res = await owner.client.request('post', '/items/addItems', { body: itemBody({ Item_name: name }) });
  expect(res.status).toBe(201);
  return res.body._id;
}

/** `c`'s review of `itemid`, once the item reached the reviews service. */
async function review(c: Client, itemid: string, description: string): Promise<ReviewView> {
  return waitFor(
    async () => {
      const r = await c.request('post', '/review/add', { body: { itemid, noofstars: 2, description } });
      return r.status === 201 ? r.body : undefined;
    },
    15_000,
    150,
    'the item in the reviews read model',
  );
}

/** The review as the public item list shows it. */
async function publicCard(itemid: string, reviewId: string): Promise<ReviewView | undefined> {
  const list = await new Client(world.stack.gatewayUrl).get<ReviewView[]>(`/review/get?itemid=${itemid}`);
  expect(list.status).toBe(200);
  return list.body.find((r) => r._id === reviewId);
}

/** The e-mails to the seller whose subject starts with `subject`. */
const decisionMails = async (subject: string) => (await mailsTo(seller.email)).filter((m) => m.subject.startsWith(subject));

describe('seller replies', () => {
  it('lets the seller of the item reply publicly, based on the version they saw; nobody else', async () => {
    const itemId = await item('Reply Phone');
    const r = await review(alice.client, itemId, 'Battery died after a week');
    expect(r.reply).toBeNull();
    expect(r.version).toBe(1);
    const reply = (reviewId: string, c: Client, body: Record<string, unknown>) =>
      c.request('put', '/review/reply/{reviewId}', { params: { reviewId }, body: body as never });

    // Someone else's review, another role, bad text, no version.
    expect((await reply(r._id, other.client, { reply: 'Not my item', version: 1 })).status).toBe(404);
    expect((await reply(r._id, alice.client, { reply: 'Me too', version: 1 })).status).toBe(403);
    expect((await reply('0123456789abcdef01234567', seller.client, { reply: 'Hello', version: 1 })).status).toBe(404);
    const empty = await reply(r._id, seller.client, { reply: '   ', version: 1 });
    expect(empty.status).toBe(400);
    expect((empty.body as unknown as { fields: Record<string, string> }).fields.reply).toBe(REPLY_REQUIRED);
    const long = await reply(r._id, seller.client, { reply: 'x'.repeat(1001), version: 1 });
    expect(long.status).toBe(400);
    expect((long.body as unknown as { fields: Record<string, string> }).fields.reply).toBe(REPLY_TOO_LONG);
    expect((await reply(r._id, seller.client, { reply: 'Hello' })).status).toBe(400);
    expect((await publicCard(itemId, r._id))?.reply).toBeNull();

    // The reply, as plain text, shown under the review to everyone.
    const text = 'Sorry to hear that! <b>Bring it to our Kandy shop</b> for a free replacement.';
    const done = await reply(r._id, seller.client, { reply: `  ${text}  `, version: 1 });
    expect(done.status).toBe(200);
    expect(done.body.reply?.text).toBe(text);
    expect(done.body.version).toBe(2);
    expect(done.body.description).toBe('Battery died after a week');
    const shown = await publicCard(itemId, r._id);
    expect(shown?.reply).toEqual({ text, date: done.body.reply!.date });
    expect(shown?.version).toBe(2);
    const sellersList = await seller.client.get<ReviewView[]>(`/review/get?itemid=${itemId}`);
    expect(sellersList.body[0]?.reply?.text).toBe(text);

    // The author edits the review meanwhile: a reply based on version 2 is refused with the current review.
    expect(
      (
        await alice.client.request('put', '/review/updateReview/{id}', {
          params: { id: r._id },
          body: { description: 'Replaced, works now' },
        })
      ).status,
    ).toBe(200);
    const stale = await reply(r._id, seller.client, { reply: 'Second thoughts', version: 2 });
    expect(stale.status).toBe(409);
    const staleBody = stale.body as unknown as { error: string; review: ReviewView };
    expect(staleBody.error).toBe(STALE_REVIEW);
    expect(staleBody.review).toMatchObject({ _id: r._id, version: 3, description: 'Replaced, works now', reply: { text } });
    expect((await publicCard(itemId, r._id))?.reply?.text).toBe(text);

    // Based on the current version, the new reply replaces the first.
    const again = await reply(r._id, seller.client, { reply: 'Glad it works now!', version: 3 });
    expect(again.status).toBe(200);
    expect((await publicCard(itemId, r._id))?.reply?.text).toBe('Glad it works now!');
  });
});

describe("admins' decisions on reported reviews", () => {
  it('dismisses a report and keeps the review; the reporting seller is e-mailed once', async () => {
    const itemId = await item('Dismiss Phone');
    const r = await review(bob.client, itemId, 'Seller is a cheat!!!');
    const reported = await seller.client.request('put', '/review/updateRev/{reviewId}', {
      params: { reviewId: r._id },
      body: { reportreason: 'Insulting and untrue', reviewstatus: true },
    });
    expect(reported.status).toBe(200);
    const version = reported.body.version;
    const dismiss = (c: Client, v: number) =>
      c.request('put', '/review/dismissReport/{reviewId}', { params: { reviewId: r._id }, body: { version: v } });

    expect((await dismiss(seller.client, version)).status).toBe(403);
    expect((await dismiss(bob.client, version)).status).toBe(403);
    const stale = await dismiss(world.admin, version - 1);
    expect(stale.status).toBe(409);
    expect((stale.body as unknown as { review: ReviewView }).review).toMatchObject({ reviewstatus: true, version });

    const kept = await dismiss(world.admin, version);
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ _id: r._id, reviewstatus: false, reportreason: '', version: version + 1 });
    const open = await world.admin.get<ReviewView[]>('/review/get?reviewstatus=true');
    expect(open.body.map((x) => x._id)).not.toContain(r._id);
    expect((await publicCard(itemId, r._id))?.description).toBe('Seller is a cheat!!!');

    // Dismissed already: a second decision on the same version is refused.
    const twice = await dismiss(world.admin, version + 1);
    expect(twice.status).toBe(409);
    expect((twice.body as unknown as { error: string }).error).toBe(REVIEW_NOT_REPORTED);

    const mail = await waitFor(async () => (await decisionMails('The review you reported was kept'))[0], 20_000, 200, 'the kept e-mail');
    expect(mail.subject).toBe('The review you reported was kept: Dismiss Phone (Samsung)');
    expect(mail.text).toContain('Review: Seller is a cheat!!!');
    expect(mail.text).toContain('Your reason: Insulting and untrue');
    expect(mail.text).toContain(`/Seller/ItemReviews/${itemId}`);

    // The same decision delivered again (a new event id, the same review version) e-mails nobody.
    const adminId = (await world.admin.request('get', '/Admin/me')).body._id;
    const kafka = createKafka('review-replies-test', testServers().kafkaBrokers, pino({ level: 'silent' }));
    const producer = kafka.producer();
    await producer.connect();
    try {
      const again = untypedPendingEvent('ReviewReportDismissed', r._id, version + 1, {
        reviewId: r._id,
        itemid: itemId,
        sellerid: seller.id,
        reportreason: 'Insulting and untrue',
        byAdmin: { adminId },
      });
      await publishEvents(producer, [{ topic: world.stack.topicPrefix + Topics.review, event: again.envelope }]);
    } finally {
      await producer.disconnect();
    }
    // The seller may report the kept review again.
    const reReported = await seller.client.request('put', '/review/updateRev/{reviewId}', {
      params: { reviewId: r._id },
      body: { reportreason: 'Still insulting', reviewstatus: true },
    });
    expect(reReported.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await decisionMails('The review you reported was kept')).toHaveLength(1);
    expect(await auditEntry(r._id, 'review-report-dismissed')).toMatchObject({ adminId, reason: 'Insulting and untrue' });
  });

  it("e-mails the reporting seller when an admin deletes the review, and nobody on an author's own deletion", async () => {
    const itemId = await item('Delete Phone');
    const r = await review(alice.client, itemId, 'Fake product, scam');
    const mine = await review(bob.client, itemId, 'Never mind');
    for (const id of [r._id, mine._id])
      expect(
        (
          await seller.client.request('put', '/review/updateRev/{reviewId}', {
            params: { reviewId: id },
            body: { reportreason: 'False claim', reviewstatus: true },
          })
        ).status,
      ).toBe(200);
    expect((await bob.client.request('delete', '/review/delete/{id}', { params: { id: mine._id } })).status).toBe(200);
    // The admin's deletion names the version they saw: the author edited it since, so it is refused.
    const seen = (await world.admin.get<ReviewView[]>(`/review/get?itemid=${itemId}`)).body.find((x) => x._id === r._id)!;
    expect(
      (
        await alice.client.request('put', '/review/updateReview/{id}', {
          params: { id: r._id },
          body: { description: 'Fake product, SCAM' },
        })
      ).status,
    ).toBe(200);
    const stale = await world.admin.request('delete', '/review/delete/{id}', { params: { id: r._id }, query: { version: seen.version } });
    expect(stale.status).toBe(409);
    expect((stale.body as unknown as { error: string; review: ReviewView }).review).toMatchObject({
      description: 'Fake product, SCAM',
      version: seen.version + 1,
    });
    expect((await publicCard(itemId, r._id))?.description).toBe('Fake product, SCAM');
    expect(
      (await world.admin.request('delete', '/review/delete/{id}', { params: { id: r._id }, query: { version: seen.version + 1 } })).status,
    ).toBe(200);
    const mail = await waitFor(
      async () => (await decisionMails('The review you reported was removed: Delete Phone'))[0],
      20_000,
      200,
      'the removed e-mail',
    );
    expect(mail.text).toContain('Review: Fake product, SCAM');
    expect(mail.text).toContain('Your reason: False claim');
    expect(await publicCard(itemId, r._id)).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    // One e-mail: the author's own deletion is no admin's decision.
    expect(await decisionMails('The review you reported was removed: Delete Phone')).toHaveLength(1);
    const adminId = (await world.admin.request('get', '/Admin/me')).body._id;
    expect(await auditEntry(r._id, 'review-deleted')).toMatchObject({ adminId, reason: 'False claim' });
  });
});
