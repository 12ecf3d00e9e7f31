/** The customer's order-status and wishlist e-mails: subjects, lines, escaping, required data. */
import { describe, expect, it } from 'vitest';
import { renderEmail } from './render';

describe('order-status e-mails', () => {
  it('order-confirmed lists the lines, the total and the receipt', () => {
    const m = renderEmail('order-confirmed', {
      name: 'Nimal Perera',
      orderId: 'ABC123',
      receiptNo: 'R1',
      lines: ['ABC123-I1: 2 × Galaxy A55, Rs. 219,998.00'],
      total: 'Rs. 220,098.00',
    });
    expect(m.subject).toBe('Your order ABC123 is confirmed');
    expect(m.text).toContain('ABC123-I1: 2 × Galaxy A55, Rs. 219,998.00');
    expect(m.text).toContain('Total charged: Rs. 220,098.00');
    expect(m.text).toContain('Receipt: R1');
  });

  it('order-rejected names the refund and where it goes', () => {
    const m = renderEmail('order-rejected', {
      name: 'N',
      orderId: 'X',
      reason: 'Sorry, A is out of stock.',
      refund: 'Rs. 1,000.00',
      paymentType: 'Card',
    });
    expect(m.subject).toBe('Your order X could not be completed');
    expect(m.text).toContain('Refund: Rs. 1,000.00');
    expect(m.text).toContain('It goes back to your card.');
  });

  it('order-status says shipped or delivered, and refuses another status', () => {
    const d = { name: 'N', orderLineId: 'X-P1', product: 'Kit', quantity: 1 };
    expect(renderEmail('order-status', { ...d, status: 'Shipped' }).subject).toBe('Your order X-P1 was shipped');
    expect(renderEmail('order-status', { ...d, status: 'Delivered' }).subject).toBe('Your order X-P1 was delivered');
    expect(() => renderEmail('order-status', { ...d, status: 'Cancelled' })).toThrow();
  });
});

describe('wishlist-alert', () => {
  const base = { name: 'Asha', item: 'Pixel <8a>', newPrice: 'Rs. 108,000.00', url: 'http://localhost:3000/Customer/ItemDetails/1' };

  it('a price drop shows was and now, the link and how to stop them; the item name is escaped in HTML', () => {
    const m = renderEmail('wishlist-alert', { ...base, change: 'price-drop', oldPrice: 'Rs. 120,000.00' });
    expect(m.subject).toBe('Price drop: Pixel <8a> is now Rs. 108,000.00');
    expect(m.text).toContain('Was: Rs. 120,000.00');
    expect(m.text).toContain('Now: Rs. 108,000.00');
    expect(m.text).toContain(`See it: ${base.url}`);
    expect(m.text).toContain('E-mail me about my wishlist');
    expect(m.html).toContain('Pixel &lt;8a&gt;');
    expect(m.html).not.toContain('<8a>');
  });

  it('back in stock shows the price', () => {
    const m = renderEmail('wishlist-alert', { ...base, change: 'back-in-stock' });
    expect(m.subject).toBe('Pixel <8a> is back in stock');
    expect(m.text).toContain('Price: Rs. 108,000.00');
    expect(m.text).not.toContain('Was:');
  });
});

describe('after-sales e-mails (issue 31)', () => {
  const d = { name: 'N', orderLineId: 'X-I1', product: 'Redmi Note 13', quantity: 1 };

  it('order-status of a shipment names the courier, the tracking number and page, the expected day and the time shipped', () => {
    const m = renderEmail('order-status', {
      ...d,
      status: 'Shipped',
      courier: 'DHL Express',
      trackingNumber: '1234567890',
      trackingUrl: 'https://www.dhl.com/lk-en/home/tracking/tracking-express.html?submit=1&tracking-id=1234567890',
      expectedDelivery: '2026-12-04',
      shippedAt: '2026-12-01 09:30',
    });
    expect(m.text).toContain('Shipped: 2026-12-01 09:30 (Sri Lanka time)');
    expect(m.text).toContain('Courier: DHL Express');
    expect(m.text).toContain('Tracking number: 1234567890');
    expect(m.text).toContain('Track it: https://www.dhl.com/');
    expect(m.text).toContain('Expected delivery: 2026-12-04');
    expect(m.html).toContain('tracking-id=1234567890');
    // Without a shipment (the documented client's `{ status }`), the mail is as before.
    expect(renderEmail('order-status', { ...d, status: 'Shipped' }).text).not.toContain('Courier');
  });

  it("seller-order-cancelled tells the seller which order, the customer's reason, and not to ship it", () => {
    const m = renderEmail('seller-order-cancelled', { ...d, quantity: 2, reason: 'Found it <cheaper>' });
    expect(m.subject).toBe('Order X-I1 was cancelled by the customer');
    expect(m.text).toContain('The customer cancelled order X-I1 (2 × Redmi Note 13) before it was shipped. Please do not ship it.');
    expect(m.text).toContain('Reason: Found it <cheaper>');
    expect(m.html).toContain('Found it &lt;cheaper&gt;');
    expect(() => renderEmail('seller-order-cancelled', d)).toThrow();
  });

  it('order-cancelled and cod-cancelled say the customer asked for it', () => {
    const paid = renderEmail('order-cancelled', {
      ...d,
      refund: 'Rs. 1.00',
      refundedTotal: 'Rs. 1.00',
      charged: 'Rs. 2.00',
      paymentType: 'Card',
      byCustomer: true,
    });
    expect(paid.text).toContain('As you asked, your order X-I1 (1 × Redmi Note 13) is cancelled.');
    expect(paid.text).toContain('Refund: Rs. 1.00');
    const cod = renderEmail('cod-cancelled', { ...d, refused: false, byCustomer: true });
    expect(cod.text).toContain('As you asked, your cash-on-delivery order X-I1');
    expect(cod.text).toContain('Nothing was charged, so there is nothing to refund.');
  });
});
