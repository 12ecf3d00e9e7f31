/** The return e-mails (issue 31 item 3): subjects, what each says, required data. */
import { describe, expect, it } from 'vitest';
import { renderEmail } from './render';

const base = { name: 'Nimal Perera', returnId: 'RMA-ABC123-I1', orderLineId: 'ABC123-I1', product: 'Galaxy A55', quantity: 1 };

describe('return e-mails', () => {
  it('return-requested tells the seller the reason and description', () => {
    const m = renderEmail('return-requested', { ...base, reason: 'Damaged', description: 'The screen is cracked.' });
    expect(m.subject).toBe('Return requested for order ABC123-I1');
    expect(m.text).toContain('Reason: Damaged');
    expect(m.text).toContain('Description: The screen is cracked.');
  });

  it('return-approved carries the instructions; return-rejected the reason', () => {
    expect(renderEmail('return-approved', { ...base, instructions: 'Post it to 1 Main St' }).text).toContain(
      'How to send it back: Post it to 1 Main St',
    );
    expect(renderEmail('return-rejected', { ...base, reason: 'Used' }).subject).toBe('Your return RMA-ABC123-I1 was rejected');
  });

  it('return-refunded names the amount and where it went', () => {
    const card = renderEmail('return-refunded', { ...base, refund: 'Rs. 1,500.00', paymentType: 'Card' });
    expect(card.text).toContain('Refund: Rs. 1,500.00');
    expect(card.text).toContain('It goes back to your card.');
    const bank = renderEmail('return-refunded', {
      ...base,
      refund: 'Rs. 1,500.00',
      paymentType: 'CashOnDelivery',
      bankReference: 'BOC-77',
    });
    expect(bank.text).toContain('reference BOC-77');
  });

  it('escalated reads differently for the admins, and refuses missing data', () => {
    expect(renderEmail('return-escalated', { ...base, reason: 'Wrong', to: 'admin' }).text).toContain('close it with a reason');
    expect(() => renderEmail('return-closed', base)).toThrow();
  });
});
