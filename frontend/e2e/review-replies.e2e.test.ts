/**
 * End-to-end journey of issue 30 item 7 in Debian's Chromium, at 1366 and 390 px: the seller replies
 * publicly to a review on their item reviews page and the customer sees the reply under the review
 * (as text); the seller reports two reviews; the admin keeps one (Keep review, confirmed) and
 * deletes the other; the seller gets an e-mail of each decision, shown in MailDev's inbox.
 * Screenshots in `.data/screenshots/review-reply-*.png`.
 */
import { mailsTo, testServers, uniqueName, waitFor } from '@market/platform/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedSeller, api as gatewayApi, login, shot, startE2E, type E2E } from './harness';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E(['identity', 'notifications', 'catalogue', 'reviews']);
}, 180_000);

afterAll(async () => {
  await e2e?.stop();
});

const api = <T = Record<string, string>>(path: string, body: unknown, cookie?: string, method = 'POST') =>
  gatewayApi<T>(e2e.stack.gatewayUrl, path, body, cookie, method);

const WIDTHS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
];

/** A page at `width`, nothing wider than the window (no sideways scrolling at 390 px). */
async function fits(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Lets a dialog's opening transition end before a screenshot (Mantine's is 200 ms). */
const settled = (page: Page) => page.waitForTimeout(400);

describe('seller replies and decisions on reported reviews (issue 30 item 7)', () => {
  it('reply shown under the review; a report dismissed and one deleted, each e-mailed to the seller', async () => {
    const tag = uniqueName('rr').replace(/[^a-z0-9]/gi, '');
    const sellerEmail = `${tag}@example.lk`;
    const seller = await acceptedSeller(e2e, {
      ownername: 'Chaminda Wijesinghe',
      mobile: '0712345678',
      companyname: `Kandy Mobile Hub ${tag}`,
      address: '45 Peradeniya Road, Kandy',
      year: '2012',
      email: sellerEmail,
    });
    const itemName = `Redmi Note 13 ${tag}`;
    const item = await api<{ _id: string }>(
      '/items/addItems',
      {
        Item_name: itemName,
        Brand: 'Xiaomi',
        Model: 'N-R13',
        Quantity: 10,
        Price: 62000,
        Stock_keeping_unit: uniqueName('SKU').toUpperCase(),
      },
      seller.cookie,
    );
    expect(item.status).toBe(201);
    const itemId = item.body._id;

    // Two customers review the item (through the API: the review page is another test's).
    const customers = [];
    for (const [n, first] of ['Dilani', 'Ruwan'].entries()) {
      const c = {
        firstName: first,
        lastName: 'Jayasuriya',
        email: `${tag}c${n}@example.lk`,
        phoneNumber: '0771234567',
        dob: '1995-05-05',
        gender: 'Female',
        address: 'Kandy',
        username: `${tag}c${n}`,
        password: 'Secret#123',
      };
      expect((await api('/Customer/add', c)).status).toBe(201);
      const signedIn = await api('/Customer/loginCustomer', { username: c.username, password: c.password });
      customers.push({ ...c, cookie: signedIn.cookie! });
    }
    const reviewTexts = [
      'Camera is great but the charger got hot after a week. <b>not bold</b>',
      'Worst shop in Kandy, they are thieves!!!',
    ];
    const reviewIds: string[] = [];
    for (const [n, c] of customers.entries()) {
      const written = await waitFor(
        async () => {
          const r = await api<{ _id: string }>(
            '/review/add',
            { itemid: itemId, noofstars: n === 0 ? 3 : 1, description: reviewTexts[n] },
            c.cookie,
          );
          return r.status === 201 ? r.body : undefined;
        },
        20_000,
        300,
        'the item in the reviews service',
      );
      reviewIds.push(written._id);
    }

    // The seller replies on their item reviews page.
    const sellerPage = await e2e.newPage();
    await sellerPage.setViewportSize(WIDTHS[0]!);
    await login(sellerPage, '/SellerLogin', seller.username, seller.password);
    await sellerPage.waitForURL('**/Seller/Home');
    await sellerPage.goto(`/Seller/ItemReviews/${itemId}`);
    const sellerCard = sellerPage.getByTestId('review-card').filter({ hasText: 'Camera is great' });
    await sellerCard.getByRole('button', { name: 'Reply' }).click();
    const dialog = sellerPage.getByRole('dialog');
    const replyText =
      'Thank you Dilani! Please bring the charger to our Peradeniya Road shop and we will replace it free. <i>not italic</i>';
    await dialog.getByLabel(/Your reply/).fill(replyText);
    await settled(sellerPage);
    await shot(sellerPage, 'review-reply-seller-dialog-1366');
    await dialog.getByRole('button', { name: 'Post reply' }).click();
    await sellerPage.getByText('Reply posted').waitFor();
    await sellerCard.getByTestId('review-reply').getByText(replyText).waitFor();
    await sellerCard.getByRole('button', { name: 'Edit reply' }).waitFor();
    await shot(sellerPage, 'review-reply-seller-1366');
    await sellerPage.setViewportSize(WIDTHS[1]!);
    await sellerPage.reload();
    await sellerCard.getByTestId('review-reply').waitFor();
    await fits(sellerPage);
    await sellerCard.getByRole('button', { name: 'Edit reply' }).click();
    await expect.poll(() => dialog.getByLabel(/Your reply/).inputValue()).toBe(replyText);
    await settled(sellerPage);
    await shot(sellerPage, 'review-reply-seller-dialog-390');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await shot(sellerPage, 'review-reply-seller-390');

    // The customer sees the reply under the review, as text, at both widths.
    const customerPage = await e2e.newPage();
    await login(customerPage, '/CustomerLogin', customers[1]!.username, customers[1]!.password);
    await customerPage.waitForURL('**/Customer/Home');
    for (const size of WIDTHS) {
      await customerPage.setViewportSize(size);
      await customerPage.goto(`/Customer/ItemReviews/${itemId}`);
      const reply = customerPage.getByTestId('review-card').filter({ hasText: 'Camera is great' }).getByTestId('review-reply');
      await reply.getByText('Reply from the seller').waitFor();
      await reply.getByText(replyText).waitFor();
      expect(await customerPage.locator('[data-testid="review-reply"] i').count()).toBe(0);
      await fits(customerPage);
      await shot(customerPage, `review-reply-customer-${size.width}`);
    }

    // The seller reports both reviews.
    for (const id of reviewIds)
      expect(
        (await api(`/review/updateRev/${id}`, { reportreason: 'Untrue and insulting', reviewstatus: true }, seller.cookie, 'PUT')).status,
      ).toBe(200);

    // The admin keeps the first (confirmation first) and deletes the second.
    const adminPage = await e2e.newPage();
    await adminPage.setViewportSize(WIDTHS[1]!);
    await login(adminPage, '/AdminLogin', e2e.stack.admin.username, e2e.stack.admin.password);
    await adminPage.waitForURL('**/Admin/Home');
    await adminPage.goto('/Admin/ReportedReviews');
    const kept = adminPage.getByTestId('review-card').filter({ hasText: 'Camera is great' });
    await kept.waitFor();
    await fits(adminPage);
    await shot(adminPage, 'review-reply-admin-reported-390');
    await kept.getByRole('button', { name: 'Keep review' }).click();
    const confirm = adminPage.getByRole('dialog');
    await confirm.getByText(/e-mailed that it was kept/).waitFor();
    await settled(adminPage);
    await shot(adminPage, 'review-reply-admin-keep-confirm-390');
    await confirm.getByRole('button', { name: 'Yes, keep it' }).click();
    await adminPage.getByText('Report dismissed').first().waitFor();
    await kept.waitFor({ state: 'detached' });
    await adminPage.setViewportSize(WIDTHS[0]!);
    const removed = adminPage.getByTestId('review-card').filter({ hasText: 'Worst shop in Kandy' });
    await shot(adminPage, 'review-reply-admin-reported-1366');
    await removed.getByRole('button', { name: 'Delete review' }).click();
    await adminPage.getByRole('dialog').getByRole('button', { name: 'Yes, delete it!' }).click();
    await adminPage.getByText('Successfully Deleted').first().waitFor();
    await adminPage.getByText('No reported reviews.').waitFor();

    // The kept review still shows to customers, with its reply; the deleted one does not.
    await customerPage.goto(`/Customer/ItemReviews/${itemId}`);
    await customerPage.getByText('Camera is great', { exact: false }).waitFor();
    // A rendered page may come from the web server's 30 s render cache; the app refreshes it once live.
    await expect.poll(() => customerPage.getByText('Worst shop in Kandy').count(), { timeout: 15_000 }).toBe(0);

    // The seller's e-mails of both decisions, in MailDev's inbox.
    const mails = await waitFor(
      async () => {
        const all = await mailsTo(sellerEmail);
        const keptMail = all.find((m) => m.subject.startsWith('The review you reported was kept'));
        const removedMail = all.find((m) => m.subject.startsWith('The review you reported was removed'));
        return keptMail && removedMail ? { keptMail, removedMail } : undefined;
      },
      30_000,
      300,
      'the decision e-mails',
    );
    expect(mails.keptMail.text).toContain('Review: Camera is great');
    expect(mails.removedMail.text).toContain('Review: Worst shop in Kandy');
    const inbox = await e2e.newPage();
    await inbox.setViewportSize(WIDTHS[0]!);
    const maildev = testServers().maildevUrl;
    for (const [name, mail] of [
      ['kept', mails.keptMail],
      ['removed', mails.removedMail],
    ] as const) {
      await inbox.goto(`${maildev}/#/email/${mail.id}`);
      await inbox.getByText(mail.subject).first().waitFor();
      await inbox.waitForTimeout(500);
      await shot(inbox, `review-reply-maildev-${name}`);
    }
  });
});
