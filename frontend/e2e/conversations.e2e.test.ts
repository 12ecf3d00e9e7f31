/**
 * End-to-end journey of issue 30 item 6 in Debian's Chromium, at 1366 and 390 px: a customer
 * contacts the seller from an item's page (the message names the item) and lands in the new
 * conversation; the seller sees the unread count beside CONTACT, opens the conversation and
 * replies; the customer sees the count beside My Messages, reads the reply, answers and asks the
 * marketplace team for help (confirmed); an admin sees it beside Messages, reads the whole thread
 * and answers; the customer was e-mailed a notice with the link, not the reply.
 * Screenshots in `.data/screenshots/conversation-*.png`.
 */
import { mailsTo, uniqueName, waitFor } from '@market/platform/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedSeller, listedItem, login, registeredCustomer, shot, startE2E, type E2E } from './harness';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E(['identity', 'notifications', 'catalogue', 'reviews']);
}, 180_000);

afterAll(async () => {
  await e2e?.stop();
});

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Nothing wider than the window (no sideways scrolling at 390 px). */
async function fits(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Lets a dialog's or menu's transition end before a screenshot (Mantine's is 200 ms). */
const settled = (page: Page) => page.waitForTimeout(400);

/** The navigation link `label` carries an unread count of `n` (read out in its accessible name). */
async function unreadIn(page: Page, label: string, n: number): Promise<void> {
  await page
    .getByRole('link', { name: `${label}, ${n} unread` })
    .first()
    .waitFor({ state: 'attached', timeout: 20_000 });
}

describe('conversations between customers, sellers and the marketplace team (issue 30 item 6)', () => {
  it('the customer writes about an item, the seller and an admin reply, with unread counts and an e-mail notice', async () => {
    const tag = uniqueName('cv').replace(/[^a-z0-9]/gi, '');
    const seller = await acceptedSeller(e2e, {
      ownername: 'Chaminda Wijesinghe',
      mobile: '0712345678',
      companyname: `Galle Road Mobiles ${tag.slice(-4)}`,
      address: '210 Galle Road, Colombo 03',
      year: '2014',
      email: `${tag}s@example.lk`,
    });
    const itemName = `Galaxy A55 ${tag.slice(-4)}`;
    const itemId = await listedItem(e2e, seller.cookie, { Item_name: itemName, Brand: 'Samsung', Price: 124900 });
    const customer = await registeredCustomer(e2e, tag);

    // The customer contacts the seller from the item's page (the item reaches reviews through Kafka).
    const shopper = await e2e.newPage();
    await shopper.setViewportSize(DESKTOP);
    await login(shopper, '/CustomerLogin', customer.username, customer.password);
    await shopper.waitForURL('**/Customer/Home');
    await shopper.goto(`/Customer/ItemDetails/${itemId}`);
    await shopper.getByRole('link', { name: 'Contact Seller' }).click();
    await shopper.waitForURL(`**/Customer/ContactSeller/${seller.id}?item=${itemId}`);
    await shopper.getByRole('link', { name: new RegExp(itemName) }).waitFor();
    const question = 'Is the blue one in stock, and does it come with a charger? <b>not bold</b>';
    await shopper.getByLabel('Message').fill(question);
    await shot(shopper, 'conversation-customer-contact-1366');
    await waitFor(
      async () => {
        await shopper.getByRole('button', { name: 'Send' }).click();
        await shopper.waitForURL('**/Customer/Messages/*', { timeout: 3_000 }).catch(() => undefined);
        return /\/Customer\/Messages\/[0-9a-f]{24}$/.test(shopper.url()) ? true : undefined;
      },
      30_000,
      1_000,
      'the message sent once the item is known to reviews',
    );
    const threadId = shopper.url().split('/').pop()!;
    await shopper.getByText(question).waitFor();
    await shopper.getByRole('heading', { name: new RegExp(itemName) }).waitFor();
    await shot(shopper, 'conversation-customer-sent-1366');

    // The seller sees one unread conversation beside CONTACT, opens it and replies.
    const sellerPage = await e2e.newPage();
    await sellerPage.setViewportSize(DESKTOP);
    await login(sellerPage, '/SellerLogin', seller.username, seller.password);
    await sellerPage.waitForURL('**/Seller/Home');
    await unreadIn(sellerPage, 'CONTACT', 1);
    await sellerPage.goto('/Seller/Contact');
    const row = sellerPage.getByTestId('thread-row').filter({ hasText: itemName });
    await row.getByText('1 new').waitFor();
    await shot(sellerPage, 'conversation-seller-inbox-1366');
    await row.click();
    await sellerPage.waitForURL(`**/Seller/Contact/${threadId}`);
    await sellerPage.getByText(question).waitFor();
    expect(await sellerPage.locator('[data-testid="thread-message"] b').count()).toBe(0);
    const answer = 'Yes, two blue ones left. The charger is in the box.';
    await sellerPage.getByLabel('Your reply').fill(answer);
    await sellerPage.getByRole('button', { name: 'Send reply' }).click();
    await sellerPage.getByTestId('thread-message').filter({ hasText: answer }).waitFor();
    await shot(sellerPage, 'conversation-seller-thread-1366');
    await sellerPage.setViewportSize(PHONE);
    await sellerPage.reload();
    await sellerPage.getByText(answer).waitFor();
    await fits(sellerPage);
    await shot(sellerPage, 'conversation-seller-thread-390');

    // The customer sees the count beside My Messages, reads the reply on a phone and answers.
    await shopper.setViewportSize(PHONE);
    await shopper.goto('/Customer/Home');
    await unreadIn(shopper, 'My Messages', 1);
    await shopper.getByRole('button', { name: 'Toggle navigation' }).click();
    await settled(shopper);
    await shot(shopper, 'conversation-customer-nav-390');
    await shopper.getByRole('link', { name: 'My Messages, 1 unread' }).click();
    await shopper.waitForURL('**/Customer/Messages');
    await shopper.getByTestId('thread-row').first().waitFor();
    await fits(shopper);
    await shot(shopper, 'conversation-customer-inbox-390');
    await shopper.getByTestId('thread-row').filter({ hasText: itemName }).click();
    await shopper.getByText(answer).waitFor();
    await shopper.getByLabel('Your reply').fill('Thanks! Please keep one for me, I will order tonight.');
    await shopper.getByRole('button', { name: 'Send reply' }).click();
    await shopper.getByTestId('thread-message').filter({ hasText: 'Please keep one for me' }).waitFor();
    await fits(shopper);
    await shot(shopper, 'conversation-customer-thread-390');

    // ...then asks the marketplace team for help (confirmed first).
    await shopper.getByRole('button', { name: 'Ask the marketplace team for help' }).click();
    const dialog = shopper.getByRole('dialog');
    await dialog.getByText(/read this whole conversation/).waitFor();
    await settled(shopper);
    await shot(shopper, 'conversation-customer-help-confirm-390');
    await dialog.getByRole('button', { name: 'Ask for help' }).click();
    await shopper.getByText('Help asked').first().waitFor();
    await shopper.setViewportSize(DESKTOP);
    await settled(shopper);
    await shot(shopper, 'conversation-customer-thread-1366');

    // An admin sees it beside Messages, reads the whole thread and answers.
    const adminPage = await e2e.newPage();
    await adminPage.setViewportSize(DESKTOP);
    await login(adminPage, '/AdminLogin', e2e.stack.admin.username, e2e.stack.admin.password);
    await adminPage.waitForURL('**/Admin/Home');
    await unreadIn(adminPage, 'Messages', 1);
    await adminPage.goto('/Admin/Messages');
    const helpRow = adminPage.getByTestId('thread-row').filter({ hasText: itemName });
    await helpRow.getByText('Help asked').waitFor();
    await shot(adminPage, 'conversation-admin-inbox-1366');
    await helpRow.click();
    await adminPage.getByText(question).waitFor();
    await adminPage.getByText(answer).waitFor();
    await adminPage.getByLabel('Your reply').fill('We asked the seller to hold one blue phone for you until tomorrow.');
    await adminPage.getByRole('button', { name: 'Send reply' }).click();
    await adminPage.getByTestId('thread-message').filter({ hasText: 'hold one blue phone' }).waitFor();
    await shot(adminPage, 'conversation-admin-thread-1366');
    await adminPage.setViewportSize(PHONE);
    await adminPage.reload();
    await adminPage.getByTestId('thread-message').filter({ hasText: 'hold one blue phone' }).waitFor();
    await fits(adminPage);
    await shot(adminPage, 'conversation-admin-thread-390');

    // The seller sees the team's answer too; the customer's inbox at 1366.
    await sellerPage.reload();
    await sellerPage.getByText('Marketplace team').first().waitFor();
    // The seller deletes it from their own list, on a phone, after a confirmation; the customer keeps it.
    await sellerPage.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirmDelete = sellerPage.getByRole('dialog');
    await confirmDelete.getByText(/keeps it, and it comes back/).waitFor();
    await settled(sellerPage);
    await shot(sellerPage, 'conversation-seller-delete-confirm-390');
    await confirmDelete.getByRole('button', { name: 'Delete', exact: true }).click();
    await sellerPage.waitForURL('**/Seller/Contact');
    await sellerPage.getByText('Conversation deleted').first().waitFor();
    // It was the seller's only conversation.
    await sellerPage.getByText('No conversations yet.').waitFor();
    expect(await sellerPage.getByTestId('thread-row').count()).toBe(0);
    await shopper.goto('/Customer/Messages');
    await shopper.getByTestId('thread-row').filter({ hasText: itemName }).getByText('1 new').waitFor();
    await shot(shopper, 'conversation-customer-inbox-1366');

    // The customer's e-mail notice of the seller's reply: who, what about, the link; not the text.
    const mail = await waitFor(
      async () => (await mailsTo(customer.email)).find((m) => m.subject === `New reply from Galle Road Mobiles ${tag.slice(-4)}`),
      30_000,
      300,
      'the reply notice',
    );
    expect(mail.text).toContain(`/Customer/Messages/${threadId}`);
    expect(mail.text).toContain(itemName);
    expect(mail.text).not.toContain('two blue ones left');
  });
});
