/**
 * E-mails in the recipient's language (issue 33 item 3): the password reset code, the order
 * confirmed and the order shipped in Sinhala and Tamil, English for `en`, for no language and for a
 * template without a translation, with the HTML part naming its language.
 */
import { describe, expect, it } from 'vitest';
import { renderEmail, translatedTemplates } from './render';

const SINHALA = /[\u0D80-\u0DFF]/;
const TAMIL = /[\u0B80-\u0BFF]/;
const confirmed = {
  name: 'Nimal',
  orderId: 'ORD-1',
  receiptNo: 'R123456789',
  lines: ['2 × Red Phone: Rs. 24,000.00'],
  total: 'Rs. 24,100.00',
};
const shipped = {
  name: 'Nimal',
  orderLineId: 'ORD-1-I1',
  product: 'Red Phone',
  quantity: 2,
  status: 'Shipped',
  courier: 'Domex',
  trackingNumber: 'DX123',
  shippedAt: '2026-11-22 17:05',
};

describe('e-mails in the recipient language', () => {
  it('sends the reset code in Sinhala and Tamil with the code on its own line', () => {
    const si = renderEmail('customer-reset-code', { name: 'නිමල්', code: 'ABCDEFGHIJ0123456789', minutes: 15 }, 'si');
    expect(si.subject).toBe('ඔබේ මුරපදය යළි සැකසීමේ කේතය');
    expect(si.text).toContain('ආයුබෝවන් නිමල්,');
    expect(si.text).toMatch(/^කේතය: ABCDEFGHIJ0123456789$/m);
    expect(si.text).toContain('මිනිත්තු 15කින්');
    expect(si.html).toContain('<html lang="si">');
    const ta = renderEmail('seller-reset-code', { name: 'Kumar', code: 'AB123', minutes: 15 }, 'ta');
    expect(ta.subject).toBe('உங்கள் விற்பனையாளர் கணக்கின் மீட்டமைப்புக் குறியீடு');
    expect(ta.text).toMatch(/^குறியீடு: AB123$/m);
    expect(ta.text).toContain('15 நிமிடங்களில்');
    expect(ta.html).toContain('<html lang="ta">');
  });

  it('sends the order confirmed and the order shipped in Sinhala and Tamil, values kept', () => {
    const si = renderEmail('order-confirmed', { ...confirmed, cashOnDelivery: true }, 'si');
    expect(si.subject).toBe('ඔබේ ඇණවුම ORD-1 තහවුරු කර ඇත');
    expect(si.text).toContain('භාණ්ඩ ලැබුණු විට මුදලින් ගෙවිය යුතු මුදල: Rs. 24,100.00');
    expect(si.text).toContain('2 × Red Phone: Rs. 24,000.00');
    const ta = renderEmail('order-confirmed', confirmed, 'ta');
    expect(ta.subject).toBe('உங்கள் ஆர்டர் ORD-1 உறுதிசெய்யப்பட்டது');
    expect(ta.text).toContain('வசூலிக்கப்பட்ட மொத்தத் தொகை: Rs. 24,100.00');
    expect(ta.text).toContain('ரசீது: R123456789');

    const siShipped = renderEmail('order-status', shipped, 'si');
    expect(siShipped.subject).toBe('ඔබේ ඇණවුම ORD-1-I1 යවා ඇත');
    expect(siShipped.text).toContain('ලුහුබැඳීමේ අංකය: DX123');
    expect(siShipped.text).toContain('යැවූ වේලාව: 2026-11-22 17:05 (ශ්‍රී ලංකා වේලාව)');
    const taShipped = renderEmail('order-status', shipped, 'ta');
    expect(taShipped.subject).toBe('உங்கள் ஆர்டர் ORD-1-I1 அனுப்பப்பட்டது');
    expect(taShipped.text).toContain('கண்காணிப்பு எண்: DX123');
    const taDelivered = renderEmail('order-status', { ...shipped, status: 'Delivered' }, 'ta');
    expect(taDelivered.subject).toBe('உங்கள் ஆர்டர் ORD-1-I1 வழங்கப்பட்டது');
    expect(taDelivered.text).not.toContain('DX123');
  });

  it('every translated template writes its language, and each has both translations', () => {
    expect(translatedTemplates('si').sort()).toEqual(translatedTemplates('ta').sort());
    expect(translatedTemplates('si')).toEqual(
      expect.arrayContaining([
        'customer-reset-code',
        'seller-reset-code',
        'order-confirmed',
        'order-status',
        'password-changed',
        'seller-new-order',
        'order-rejected',
        'order-cancelled',
        'cod-cancelled',
        'thread-reply',
        'review-report-decision',
        'account-suspended',
        'account-reinstated',
      ]),
    );
    const data: Record<string, unknown> = {
      'customer-reset-code': { name: 'N', code: 'C', minutes: 15 },
      'seller-reset-code': { name: 'N', code: 'C', minutes: 15 },
      'password-changed': { name: 'N', when: '2026-11-22 17:05', how: 'reset', resetUrl: 'http://localhost:3000/x' },
      'order-confirmed': confirmed,
      'order-status': shipped,
      'seller-new-order': {
        name: 'N',
        companyname: 'Lanka Phones',
        orderId: 'ORD-1',
        lines: ['ORD-1-I1: 1 × Red Phone'],
        deliverTo: 'Colombo',
      },
      'order-rejected': { name: 'N', orderId: 'ORD-1', reason: 'Sorry.', refund: 'Rs. 100.00', paymentType: 'Card' },
      'order-cancelled': {
        name: 'N',
        orderLineId: 'ORD-1-I1',
        product: 'Red Phone',
        quantity: 1,
        refund: 'Rs. 100.00',
        refundedTotal: 'Rs. 100.00',
        charged: 'Rs. 200.00',
        paymentType: 'PayPal',
        byCustomer: true,
      },
      'cod-cancelled': { name: 'N', orderLineId: 'ORD-1-I1', product: 'Red Phone', quantity: 1, refused: true },
      'account-suspended': { name: 'N', kind: 'seller', reason: 'Fake items', when: '2026-11-22 17:05 (Sri Lanka time)' },
      'account-reinstated': { name: 'N', kind: 'customer', reason: '', when: '2026-11-22 17:05 (Sri Lanka time)' },
      'thread-reply': { name: 'N', from: 'Lanka Phones', about: 'Red Phone', url: 'http://localhost:3000/Customer/Messages/1' },
      'review-report-decision': {
        name: 'N',
        companyname: 'Lanka Phones',
        item: 'Red Phone (Redmi)',
        review: 'Bad',
        reason: 'Rude',
        decision: 'kept',
        url: 'http://localhost:3000/Seller/ItemReviews/1',
      },
    };
    for (const name of translatedTemplates('si')) {
      const en = renderEmail(name, data[name]);
      const si = renderEmail(name, data[name], 'si');
      const ta = renderEmail(name, data[name], 'ta');
      expect(si.subject, name).toMatch(SINHALA);
      expect(ta.subject, name).toMatch(TAMIL);
      expect(si.text, name).not.toMatch(TAMIL);
      expect(ta.text, name).not.toMatch(SINHALA);
      expect(en.subject + en.text, name).not.toMatch(SINHALA);
      expect(en.html, name).toContain('<html lang="en">');
    }
  });

  it('sends English for en, for no language, and for a template without a translation', () => {
    const en = renderEmail('customer-reset-code', { name: 'Nimal', code: 'X', minutes: 15 }, 'en');
    expect(en.subject).toBe('Your password reset code');
    expect(renderEmail('customer-reset-code', { name: 'Nimal', code: 'X', minutes: 15 })).toEqual(en);
    const lowStock = renderEmail('low-stock', { name: 'Nimal', item: 'Red Phone', quantity: 0, threshold: 5 }, 'si');
    expect(lowStock.subject).toBe('Red Phone is sold out');
  });
});
