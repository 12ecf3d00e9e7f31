/**
 * E-mail templates (docs/architecture.md, Jobs, queue `email`). E-mails that carry credentials
 * or codes put them on their own lines, `Username: …`, `Password: …`, `Code: …`, in both the text
 * and the HTML part. Every value is HTML-escaped in the HTML part.
 *
 * A template is a subject and a list of paragraphs; a paragraph is either text or a
 * `label: value` line that stands on its own in both parts.
 *
 * A job's `language` (issue 33 item 3) picks the Sinhala or Tamil text of the templates that have
 * one (translated.ts); the others, and `en`, are the English below. The HTML part names its
 * language (`<html lang>`).
 */
import type { Language } from '@market/contracts';
import escapeHtml from 'escape-html';
import { z } from 'zod';
import { TRANSLATED, type Line, type Translated } from './translated';

interface Rendered {
  subject: string;
  text: string;
  html: string;
}

const MARKETPLACE = 'Lanka Electronics Marketplace';

function compose(subject: string, greeting: string, lines: Line[], language: Language = 'en'): Rendered {
  const all: Line[] = [greeting, ...lines, `— ${MARKETPLACE}`];
  const text = all.map((l) => (typeof l === 'string' ? l : `${l.label}: ${l.value}`)).join('\n\n') + '\n';
  const body = all
    .map((l) =>
      typeof l === 'string'
        ? `<p>${escapeHtml(l)}</p>`
        : `<p style="font-family:monospace;font-size:16px">${escapeHtml(l.label)}: <strong>${escapeHtml(l.value)}</strong></p>`,
    )
    .join('\n');
  const html = `<!doctype html><html lang="${language}"><body style="font-family:Arial,sans-serif;color:#1a1b1e">\n${body}\n</body></html>`;
  return { subject, text, html };
}

const Name = z.string().max(200);

/** What every return e-mail names (issue 31 item 3). */
const returnFields = {
  name: Name,
  returnId: z.string().max(50),
  orderLineId: z.string().max(40),
  product: z.string().max(300),
  quantity: z.number().int(),
};
type ReturnMailData = { name: string; returnId: string; orderLineId: string; product: string; quantity: number };

const templates = {
  'customer-reset-code': {
    data: z.object({ name: Name, code: z.string(), minutes: z.number() }),
    render: (d: { name: string; code: string; minutes: number }) =>
      compose('Your password reset code', `Hello ${d.name},`, [
        'Use this code on the Forgot Password page to reset your password.',
        { label: 'Code', value: d.code },
        `The code works once and expires in ${d.minutes} minutes. If you did not ask for it, ignore this e-mail.`,
      ]),
  },
  'seller-reset-code': {
    data: z.object({ name: Name, code: z.string(), minutes: z.number() }),
    render: (d: { name: string; code: string; minutes: number }) =>
      compose('Your seller account reset code', `Hello ${d.name},`, [
        'Use this code on the seller Forgot Password page to reset your password.',
        { label: 'Code', value: d.code },
        `The code works once and expires in ${d.minutes} minutes. If you did not ask for it, ignore this e-mail.`,
      ]),
  },
  /**
   * A customer's or seller's password was reset with an e-mailed code or changed from the profile,
   * queued by identity (issue 27 item 3). `when` is the Sri Lanka wall-clock time as identity
   * wrote it; `resetUrl` the account kind's Forgot Password page, for an owner who did not do it.
   */
  'password-changed': {
    data: z.object({ name: Name, when: z.string().max(60), how: z.enum(['reset', 'change']), resetUrl: z.string().max(500) }),
    render: (d: { name: string; when: string; how: 'reset' | 'change'; resetUrl: string }) =>
      compose('Your password was changed', `Hello ${d.name},`, [
        `The password of your ${MARKETPLACE} account ${d.how === 'reset' ? 'was reset with an e-mailed code' : 'was changed'} on ${d.when}.`,
        d.how === 'reset'
          ? 'Every session of your account was signed out, "Remember me" ones included.'
          : 'Every other session of your account was signed out, "Remember me" ones included, except the one where it was changed.',
        `If this was not you, reset your password now at ${d.resetUrl} and check your account's details.`,
      ]),
  },
  'seller-credentials': {
    data: z.object({ name: Name, companyname: Name, username: z.string(), password: z.string(), loginUrl: z.string() }),
    render: (d: { name: string; companyname: string; username: string; password: string; loginUrl: string }) =>
      compose(`Welcome aboard, ${d.companyname}`, `Hello ${d.name},`, [
        `Your request to sell on ${MARKETPLACE} as ${d.companyname} has been accepted. Sign in with:`,
        { label: 'Username', value: d.username },
        { label: 'Password', value: d.password },
        `Sign in at ${d.loginUrl} and change this password from My Profile.`,
      ]),
  },
  'admin-credentials': {
    data: z.object({ name: Name, username: z.string(), password: z.string(), loginUrl: z.string() }),
    render: (d: { name: string; username: string; password: string; loginUrl: string }) =>
      compose('Your administrator account', `Hello ${d.name},`, [
        `An administrator account on ${MARKETPLACE} was created for you:`,
        { label: 'Username', value: d.username },
        { label: 'Password', value: d.password },
        `Sign in at ${d.loginUrl}.`,
      ]),
  },
  'seller-request-received': {
    data: z.object({ name: Name, companyname: Name }),
    render: (d: { name: string; companyname: string }) =>
      compose('We received your seller application', `Hello ${d.name},`, [
        `Thank you for applying to sell on ${MARKETPLACE} as ${d.companyname}.`,
        'Our team reviews every application. You will receive your sign-in details by e-mail once it is accepted.',
      ]),
  },
  'seller-request-declined': {
    data: z.object({ name: Name, companyname: Name }),
    render: (d: { name: string; companyname: string }) =>
      compose('About your seller application', `Hello ${d.name},`, [
        `We are sorry: your application to sell on ${MARKETPLACE} as ${d.companyname} was not accepted.`,
        'You are welcome to apply again with more details about your business.',
      ]),
  },
  'seller-deletion-accepted': {
    data: z.object({ name: Name, companyname: Name }),
    render: (d: { name: string; companyname: string }) =>
      compose('Your seller account was closed', `Hello ${d.name},`, [
        `As you asked, the seller account of ${d.companyname} on ${MARKETPLACE} is now closed and your items and packages are no longer listed.`,
        'Orders you had not shipped yet are cancelled and their customers refunded. Orders already shipped will be completed by our team.',
        'Thank you for selling with us.',
      ]),
  },
  'seller-deletion-declined': {
    data: z.object({ name: Name, companyname: Name }),
    render: (d: { name: string; companyname: string }) =>
      compose('About your request to close your seller account', `Hello ${d.name},`, [
        `Our team did not close the seller account of ${d.companyname} on ${MARKETPLACE}: your account, items and packages stay as they are.`,
        'If you still want it closed, sign in and ask again, or write to us from the seller portal.',
      ]),
  },
  /**
   * An admin suspended a customer or seller account, or reinstated it (issue 30 item 10), queued
   * by identity (services/identity/src/accounts/suspension.ts) once per decision.
   */
  'account-suspended': {
    data: z.object({ name: Name, kind: z.enum(['customer', 'seller']), reason: z.string().max(600), when: z.string().max(60) }),
    render: (d: { name: string; kind: 'customer' | 'seller'; reason: string; when: string }) =>
      compose(`Your ${MARKETPLACE} account is suspended`, `Hello ${d.name},`, [
        `Our team suspended your ${d.kind === 'seller' ? 'seller ' : ''}account on ${d.when}.`,
        `Reason: ${d.reason}`,
        d.kind === 'seller'
          ? 'You are signed out and cannot sign in while it is suspended; your items and packages are not shown to customers and cannot be bought.'
          : 'You are signed out and cannot sign in while it is suspended.',
        'If you think this is a mistake, reply to this e-mail.',
      ]),
  },
  'account-reinstated': {
    data: z.object({ name: Name, kind: z.enum(['customer', 'seller']), reason: z.string().max(600), when: z.string().max(60) }),
    render: (d: { name: string; kind: 'customer' | 'seller'; reason: string; when: string }) =>
      compose(`Your ${MARKETPLACE} account is active again`, `Hello ${d.name},`, [
        `Our team reinstated your ${d.kind === 'seller' ? 'seller ' : ''}account on ${d.when}. You can sign in again.`,
        ...(d.reason ? [`Note: ${d.reason}`] : []),
        ...(d.kind === 'seller' ? ['Your items and packages are shown to customers again.'] : []),
      ]),
  },
  'monthly-sales-reports': {
    data: z.object({ name: Name, companyname: Name, month: z.string().max(40) }),
    render: (d: { name: string; companyname: string; month: string }) =>
      compose(`Your monthly sales reports: ${d.month}`, `Hello ${d.name},`, [
        `Attached are the item and package sales reports of ${d.companyname} for ${d.month} (MonthlySalesReport.pdf and MonthlyPackageSalesReport.pdf).`,
        'You can generate them again at any time from Monthly Sales in your seller account.',
      ]),
  },
  /** A seller's orders in a new confirmed checkout, queued by ordering. */
  /** A sale took an item down to its seller's low-stock alert (issue 30 item 9), queued by ordering. */
  'low-stock': {
    data: z.object({ name: Name, item: z.string().max(300), quantity: z.number().int(), threshold: z.number().int() }),
    render: (d: { name: string; item: string; quantity: number; threshold: number }) =>
      compose(d.quantity === 0 ? `${d.item} is sold out` : `Low stock: ${d.quantity} left of ${d.item}`, `Hello ${d.name},`, [
        d.quantity === 0
          ? `The last unit of ${d.item} has been sold, so customers can no longer buy it.`
          : `Only ${d.quantity} ${d.quantity === 1 ? 'unit is' : 'units are'} left of ${d.item} (your alert is at ${d.threshold}).`,
        'Open All the Items in your seller account to add stock.',
      ]),
  },
  'seller-new-order': {
    data: z.object({
      name: Name,
      companyname: Name,
      orderId: z.string().max(40),
      lines: z.array(z.string().max(400)).min(1).max(200),
      /** The delivery address on one line; absent in jobs queued before addresses existed. */
      deliverTo: z.string().max(1000).optional(),
      /** Paid in cash at the door (issue 29): the courier collects it; absent or false otherwise. */
      cashOnDelivery: z.boolean().optional(),
    }),
    render: (d: { name: string; companyname: string; orderId: string; lines: string[]; deliverTo?: string; cashOnDelivery?: boolean }) =>
      compose(`New order ${d.orderId} for ${d.companyname}`, `Hello ${d.name},`, [
        d.cashOnDelivery
          ? `A customer has placed order ${d.orderId}, to be paid in cash on delivery, with these orders of ${d.companyname}:`
          : `A customer has placed and paid order ${d.orderId} with these orders of ${d.companyname}:`,
        ...d.lines,
        ...(d.deliverTo
          ? [`Deliver to: ${d.deliverTo}`, 'The stock is reserved. Open Orders in your seller account to mark them Shipped.']
          : ['The stock is reserved. Open Orders in your seller account to see the delivery details and mark them Shipped.']),
      ]),
  },
  /** A seller cancelled one of the customer's orders; its refund, queued by ordering. */
  'order-cancelled': {
    data: z.object({
      name: Name,
      orderLineId: z.string().max(40),
      product: z.string().max(300),
      quantity: z.number(),
      refund: z.string().max(40),
      refundedTotal: z.string().max(40),
      charged: z.string().max(40),
      paymentType: z.string().max(20),
      /** Why, when the marketplace (not the seller) cancelled it (issue 30). */
      reason: z.string().max(500).optional(),
      /** The customer cancelled it themselves (issue 31 item 2). */
      byCustomer: z.boolean().optional(),
    }),
    render: (d: {
      name: string;
      orderLineId: string;
      product: string;
      quantity: number;
      refund: string;
      refundedTotal: string;
      charged: string;
      paymentType: string;
      reason?: string;
      byCustomer?: boolean;
    }) =>
      compose(`Your order ${d.orderLineId} was cancelled`, `Hello ${d.name},`, [
        d.byCustomer
          ? `As you asked, your order ${d.orderLineId} (${d.quantity} × ${d.product}) is cancelled.`
          : d.reason
            ? `We are sorry: your order ${d.orderLineId} (${d.quantity} × ${d.product}) was cancelled. ${d.reason}.`
            : `We are sorry: the seller cancelled your order ${d.orderLineId} (${d.quantity} × ${d.product}).`,
        { label: 'Refund', value: d.refund },
        `It goes back to your ${d.paymentType === 'PayPal' ? 'PayPal account' : 'card'}. Refunded for this purchase so far: ${d.refundedTotal} of ${d.charged}.`,
      ]),
  },
  /**
   * A cash-on-delivery order was cancelled: the delivery refused at the door, or the seller
   * cancelled it (issue 29). Nothing was charged, so nothing is refunded; queued by ordering.
   */
  'cod-cancelled': {
    data: z.object({
      name: Name,
      orderLineId: z.string().max(40),
      product: z.string().max(300),
      quantity: z.number(),
      refused: z.boolean(),
      /** The customer cancelled it themselves (issue 31 item 2). */
      byCustomer: z.boolean().optional(),
    }),
    render: (d: { name: string; orderLineId: string; product: string; quantity: number; refused: boolean; byCustomer?: boolean }) =>
      compose(`Your order ${d.orderLineId} was cancelled`, `Hello ${d.name},`, [
        d.refused
          ? `Your cash-on-delivery order ${d.orderLineId} (${d.quantity} × ${d.product}) was cancelled because the delivery was refused.`
          : d.byCustomer
            ? `As you asked, your cash-on-delivery order ${d.orderLineId} (${d.quantity} × ${d.product}) is cancelled.`
            : `We are sorry: the seller cancelled your cash-on-delivery order ${d.orderLineId} (${d.quantity} × ${d.product}).`,
        'Nothing was charged, so there is nothing to refund.',
        ...(d.refused
          ? ['Cash on delivery is closed for accounts with two refused deliveries within 90 days; card and PayPal stay open.']
          : []),
      ]),
  },
  /** The customer's checkout was paid and every line reserved, queued by ordering. */
  'order-confirmed': {
    data: z.object({
      name: Name,
      orderId: z.string().max(40),
      receiptNo: z.string().max(40),
      lines: z.array(z.string().max(400)).min(1).max(200),
      total: z.string().max(40),
      /** Paid in cash at the door (issue 29): nothing was charged yet. */
      cashOnDelivery: z.boolean().optional(),
    }),
    render: (d: { name: string; orderId: string; receiptNo: string; lines: string[]; total: string; cashOnDelivery?: boolean }) =>
      compose(`Your order ${d.orderId} is confirmed`, `Hello ${d.name},`, [
        `Thank you for your order. Every item is reserved for you and the sellers will ship it soon:`,
        ...d.lines,
        d.cashOnDelivery ? { label: 'To pay in cash on delivery', value: d.total } : { label: 'Total charged', value: d.total },
        { label: 'Receipt', value: d.receiptNo },
        'The total includes delivery & VAT. You can follow each order under My Orders.',
      ]),
  },
  /** The customer's checkout could not be reserved and was refunded in full, queued by ordering. */
  'order-rejected': {
    data: z.object({
      name: Name,
      orderId: z.string().max(40),
      reason: z.string().max(400),
      refund: z.string().max(40),
      paymentType: z.string().max(20),
    }),
    render: (d: { name: string; orderId: string; reason: string; refund: string; paymentType: string }) =>
      compose(
        `Your order ${d.orderId} could not be completed`,
        `Hello ${d.name},`,
        // Cash on delivery took nothing, so there is nothing to give back (issue 29).
        d.paymentType === 'CashOnDelivery'
          ? [d.reason]
          : [
              d.reason,
              { label: 'Refund', value: d.refund },
              `It goes back to your ${d.paymentType === 'PayPal' ? 'PayPal account' : 'card'}.`,
            ],
      ),
  },
  /** A seller marked one of the customer's orders Shipped or Delivered, queued by ordering. */
  'order-status': {
    data: z.object({
      name: Name,
      orderLineId: z.string().max(40),
      product: z.string().max(300),
      quantity: z.number(),
      status: z.enum(['Shipped', 'Delivered']),
      /**
       * The shipment given with Shipped (issue 31 item 1): courier name, tracking number, the
       * courier's public tracking page when known, the expected day and when it was shipped
       * (`yyyy-mm-dd HH:MM`, Sri Lanka time); absent when the seller gave none.
       */
      courier: z.string().max(60).optional(),
      trackingNumber: z.string().max(40).optional(),
      trackingUrl: z.string().url().max(300).optional(),
      expectedDelivery: z.string().max(20).optional(),
      shippedAt: z.string().max(30).optional(),
    }),
    render: (d: {
      name: string;
      orderLineId: string;
      product: string;
      quantity: number;
      status: 'Shipped' | 'Delivered';
      courier?: string;
      trackingNumber?: string;
      trackingUrl?: string;
      expectedDelivery?: string;
      shippedAt?: string;
    }) =>
      compose(`Your order ${d.orderLineId} was ${d.status === 'Shipped' ? 'shipped' : 'delivered'}`, `Hello ${d.name},`, [
        d.status === 'Shipped'
          ? `Good news: the seller has shipped your order ${d.orderLineId} (${d.quantity} × ${d.product}). It is on its way to you.`
          : `Your order ${d.orderLineId} (${d.quantity} × ${d.product}) was delivered. We hope you enjoy it; you can review it from the item's page.`,
        ...(d.status === 'Shipped' && d.courier && d.trackingNumber
          ? [
              ...(d.shippedAt ? [{ label: 'Shipped', value: `${d.shippedAt} (Sri Lanka time)` }] : []),
              { label: 'Courier', value: d.courier },
              { label: 'Tracking number', value: d.trackingNumber },
              ...(d.trackingUrl ? [{ label: 'Track it', value: d.trackingUrl }] : []),
              ...(d.expectedDelivery ? [{ label: 'Expected delivery', value: d.expectedDelivery }] : []),
            ]
          : []),
      ]),
  },
  /**
   * The customer cancelled one of their orders before it was shipped (issue 31 item 2): the seller
   * is told which, why, and not to ship it; queued by ordering once per order.
   */
  'seller-order-cancelled': {
    data: z.object({
      name: Name,
      orderLineId: z.string().max(40),
      product: z.string().max(300),
      quantity: z.number(),
      reason: z.string().max(500),
    }),
    render: (d: { name: string; orderLineId: string; product: string; quantity: number; reason: string }) =>
      compose(`Order ${d.orderLineId} was cancelled by the customer`, `Hello ${d.name},`, [
        `The customer cancelled order ${d.orderLineId} (${d.quantity} × ${d.product}) before it was shipped. Please do not ship it.`,
        { label: 'Reason', value: d.reason },
        'Its stock is back on your item, and the customer is refunded by the marketplace.',
      ]),
  },
  /**
   * Returns (issue 31 item 3), queued by ordering once per step and recipient (returns/mails.ts).
   * Every one names the return (`RMA-<order line>`), the product and the quantity returned.
   * The seller: a customer asked to return an order.
   */
  'return-requested': {
    data: z.object({ ...returnFields, reason: z.string().max(100), description: z.string().max(1000) }),
    render: (d: ReturnMailData & { reason: string; description: string }) =>
      compose(`Return requested for order ${d.orderLineId}`, `Hello ${d.name},`, [
        `The customer asks to return ${d.quantity} × ${d.product} of order ${d.orderLineId}.`,
        { label: 'Reason', value: d.reason },
        { label: 'Description', value: d.description },
        `Please approve it with return instructions, or reject it with a reason, in your Returns tab (${d.returnId}).`,
      ]),
  },
  /** The customer: the seller (or, after an escalation, the marketplace) approved the return. */
  'return-approved': {
    data: z.object({ ...returnFields, instructions: z.string().max(1000) }),
    render: (d: ReturnMailData & { instructions: string }) =>
      compose(`Your return ${d.returnId} was approved`, `Hello ${d.name},`, [
        `Your return of ${d.quantity} × ${d.product} (order ${d.orderLineId}) was approved.`,
        { label: 'How to send it back', value: d.instructions },
        'Once the seller receives it, your refund is paid.',
      ]),
  },
  /** The customer: the seller rejected the return; it may be escalated to the marketplace. */
  'return-rejected': {
    data: z.object({ ...returnFields, reason: z.string().max(1000) }),
    render: (d: ReturnMailData & { reason: string }) =>
      compose(`Your return ${d.returnId} was rejected`, `Hello ${d.name},`, [
        `The seller rejected your return of ${d.quantity} × ${d.product} (order ${d.orderLineId}).`,
        { label: 'Reason', value: d.reason },
        'If you disagree, you can ask the marketplace team to decide from your order page.',
      ]),
  },
  /** The seller and the admins: the customer escalated a rejected return. */
  'return-escalated': {
    data: z.object({ ...returnFields, reason: z.string().max(1000), to: z.enum(['seller', 'admin']) }),
    render: (d: ReturnMailData & { reason: string; to: 'seller' | 'admin' }) =>
      compose(`Return ${d.returnId} was escalated to the marketplace`, `Hello ${d.name},`, [
        `The customer asked the marketplace team to decide the rejected return of ${d.quantity} × ${d.product} (order ${d.orderLineId}).`,
        { label: "Customer's reason", value: d.reason },
        d.to === 'admin'
          ? 'Please approve it with return instructions, or close it with a reason, in the escalated returns list.'
          : 'The marketplace team will decide; you will see the outcome in your Returns tab.',
      ]),
  },
  /** The customer: the marketplace refused an escalated return for good. */
  'return-closed': {
    data: z.object({ ...returnFields, reason: z.string().max(1000) }),
    render: (d: ReturnMailData & { reason: string }) =>
      compose(`Your return ${d.returnId} was closed`, `Hello ${d.name},`, [
        `The marketplace team reviewed your return of ${d.quantity} × ${d.product} (order ${d.orderLineId}) and could not accept it.`,
        { label: 'Reason', value: d.reason },
      ]),
  },
  /** The customer: the seller received the returned goods; the refund follows. */
  'return-received': {
    data: z.object({ ...returnFields, refund: z.string().max(40), cashOnDelivery: z.boolean() }),
    render: (d: ReturnMailData & { refund: string; cashOnDelivery: boolean }) =>
      compose(`Your return ${d.returnId} was received`, `Hello ${d.name},`, [
        `The seller received your return of ${d.quantity} × ${d.product} (order ${d.orderLineId}).`,
        { label: 'Refund', value: d.refund },
        d.cashOnDelivery
          ? 'You paid in cash on delivery, so the marketplace pays it back by bank transfer; we will e-mail you when it is sent.'
          : 'It is on its way back to how you paid; we will e-mail you when it is refunded.',
      ]),
  },
  /** The admins: a cash-on-delivery return is due to be refunded by bank transfer. */
  'return-refund-due': {
    data: z.object({ ...returnFields, refund: z.string().max(40) }),
    render: (d: ReturnMailData & { refund: string }) =>
      compose(`Refund due by bank transfer: return ${d.returnId}`, `Hello ${d.name},`, [
        `The seller received the return of ${d.quantity} × ${d.product} (order ${d.orderLineId}), paid in cash on delivery.`,
        { label: 'Refund due', value: d.refund },
        'Please pay it by bank transfer and record the transfer reference on the return.',
      ]),
  },
  /** The customer: the return was refunded (provider refund, or the admin's bank transfer). */
  'return-refunded': {
    data: z.object({
      ...returnFields,
      refund: z.string().max(40),
      paymentType: z.string().max(20),
      bankReference: z.string().max(100).optional(),
    }),
    render: (d: ReturnMailData & { refund: string; paymentType: string; bankReference?: string }) =>
      compose(`Your return ${d.returnId} was refunded`, `Hello ${d.name},`, [
        `Your return of ${d.quantity} × ${d.product} (order ${d.orderLineId}) is refunded.`,
        { label: 'Refund', value: d.refund },
        d.bankReference
          ? `It was paid by bank transfer, reference ${d.bankReference}.`
          : `It goes back to your ${d.paymentType === 'PayPal' ? 'PayPal account' : 'card'}.`,
      ]),
  },
  /**
   * Too many wrong security codes (CVC) were entered for one of the customer's saved cards, or
   * over all of them: paying with the card (or every card) is paused (issue 27 item 5), queued by
   * ordering once per lockout window. Names the card by brand and last 4 digits only.
   */
  'cvc-locked': {
    data: z.object({
      name: Name,
      card: z.string().max(60),
      scope: z.enum(['card', 'account']),
      attempts: z.number().int(),
      minutes: z.number().int(),
    }),
    render: (d: { name: string; card: string; scope: 'card' | 'account'; attempts: number; minutes: number }) =>
      compose('Payments paused after wrong security codes', `Hello ${d.name},`, [
        d.scope === 'card'
          ? `The wrong security code (CVC) was entered ${d.attempts} times for your ${d.card}, so payments with this card are paused for ${d.minutes} minutes.`
          : `Wrong security codes (CVC) were entered ${d.attempts} times for your saved cards, the last time for your ${d.card}, so payments with all your saved cards are paused for ${d.minutes} minutes.`,
        'If this was you, wait and try again with the code printed on the back of the card.',
        'If it was not you, someone may be using your account: change your password now and check the cards saved in your wallet.',
      ]),
  },
  /**
   * A new reply in a conversation (issue 30 item 6), queued by the reviews service for each side
   * but the writer: who replied, what the thread is about, and the link to it; never the text.
   */
  'thread-reply': {
    data: z.object({ name: Name, from: Name, about: z.string().max(300), url: z.string().max(500) }),
    render: (d: { name: string; from: string; about: string; url: string }) =>
      compose(`New reply from ${d.from}`, `Hello ${d.name},`, [
        `${d.from} replied in your conversation about ${d.about} on ${MARKETPLACE}.`,
        { label: 'Read and answer it', value: d.url },
        'Sign in to read the reply: for your privacy this e-mail does not include it.',
      ]),
  },
  /**
   * An item on the customer's wishlist got cheaper or is back in stock, queued by the
   * cart service; the way to stop these e-mails is named in each.
   */
  'wishlist-alert': {
    data: z.object({
      name: Name,
      item: z.string().max(300),
      change: z.enum(['price-drop', 'back-in-stock']),
      newPrice: z.string().max(40),
      oldPrice: z.string().max(40).optional(),
      url: z.string().max(500),
    }),
    render: (d: { name: string; item: string; change: 'price-drop' | 'back-in-stock'; newPrice: string; oldPrice?: string; url: string }) =>
      compose(d.change === 'price-drop' ? `Price drop: ${d.item} is now ${d.newPrice}` : `${d.item} is back in stock`, `Hello ${d.name},`, [
        d.change === 'price-drop'
          ? `Good news: ${d.item} on your wishlist is now cheaper.`
          : `Good news: ${d.item} on your wishlist is back in stock.`,
        ...(d.oldPrice ? [{ label: 'Was', value: d.oldPrice }] : []),
        { label: d.oldPrice ? 'Now' : 'Price', value: d.newPrice },
        { label: 'See it', value: d.url },
        'You get this e-mail because the item is on your wishlist. To stop these e-mails, switch off "E-mail me about my wishlist" when you edit My Profile.',
      ]),
  },
  /**
   * An admin decided on a review the seller reported (issue 30 item 7), queued by reviews once per
   * decision: `deleted` (the review is gone from the item) or `kept` (the report was dismissed).
   * `review` is an excerpt of the review's text, `url` the seller's reviews page of the item.
   */
  'review-report-decision': {
    data: z.object({
      name: Name,
      companyname: Name,
      item: z.string().max(300),
      review: z.string().max(400),
      reason: z.string().max(500),
      decision: z.enum(['deleted', 'kept']),
      url: z.string().max(500),
    }),
    render: (d: {
      name: string;
      companyname: string;
      item: string;
      review: string;
      reason: string;
      decision: 'deleted' | 'kept';
      url: string;
    }) =>
      compose(
        d.decision === 'deleted' ? `The review you reported was removed: ${d.item}` : `The review you reported was kept: ${d.item}`,
        `Hello ${d.name},`,
        [
          `An administrator of ${MARKETPLACE} looked at the review of ${d.item} that ${d.companyname} reported.`,
          `Review: ${d.review}`,
          `Your reason: ${d.reason}`,
          d.decision === 'deleted'
            ? 'Decision: the review was removed. It no longer shows on the item and no longer counts in its rating.'
            : "Decision: the review was kept. It follows our review rules, so it stays on the item. You can reply to it publicly from the item's reviews page.",
          { label: 'See the reviews', value: d.url },
        ],
      ),
  },
} as const;

export type TemplateName = keyof typeof templates;

/** A file sent with a mail: `data.attachments` of a job (base64 content). */
const AttachmentSchema = z.object({
  filename: z.string().min(1).max(200),
  contentType: z.string().max(100).default('application/octet-stream'),
  contentBase64: z.string(),
});

/**
 * The attachments of a job's data (`data.attachments`, e.g. the monthly PDF reports), ready for
 * nodemailer; none when absent.
 */
export function emailAttachments(data: Record<string, unknown>): { filename: string; content: Buffer; contentType: string }[] {
  if (!('attachments' in data)) return [];
  return z
    .array(AttachmentSchema)
    .max(10)
    .parse(data.attachments)
    .map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.contentBase64, 'base64') }));
}

/** Fields of a template's data that are secrets, removed from the job once the mail is sent. */
const SECRET_FIELDS = ['code', 'password'] as const;

/** The job without its secrets (written back to Redis when the job completes). */
export function scrubEmailJob<J extends { data: Record<string, unknown> }>(job: J): J {
  const data = { ...job.data };
  for (const f of SECRET_FIELDS) if (f in data) data[f] = '[sent]';
  // Attachments are large: keep only their names once sent.
  if (Array.isArray(data.attachments))
    data.attachments = (data.attachments as { filename?: unknown }[]).map((a) => ({ filename: a.filename, sent: true }));
  return { ...job, data };
}

/**
 * Renders `template` with `data` in `language` (issue 33 item 3): its Sinhala or Tamil text where
 * translated.ts has one, else English.
 * @throws {Error} for an unknown template; {ZodError} when `data` lacks a field the template needs
 */
export function renderEmail(template: string, data: unknown, language: Language = 'en'): Rendered {
  if (!(template in templates)) throw new Error(`unknown e-mail template: ${template}`);
  const t = templates[template as TemplateName];
  // Each entry's schema and renderer agree by construction above.
  const parsed: unknown = t.data.parse(data);
  const translated = language === 'en' ? undefined : TRANSLATED[template]?.[language];
  if (translated) {
    const { subject, greeting, lines } = (translated as (d: unknown) => Translated)(parsed);
    return compose(subject, greeting, lines, language);
  }
  return (t.render as (d: unknown) => Rendered)(parsed);
}

/** The templates that have a text in `language` besides English (for tests and docs). */
export function translatedTemplates(language: Exclude<Language, 'en'>): string[] {
  return Object.keys(TRANSLATED).filter((name) => TRANSLATED[name]?.[language]);
}
