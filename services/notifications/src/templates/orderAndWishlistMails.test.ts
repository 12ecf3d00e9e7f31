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
