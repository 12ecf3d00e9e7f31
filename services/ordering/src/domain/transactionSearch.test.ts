import { describe, expect, it } from 'vitest';
import { transactionDoc } from './transactionSearch';

const data = {
  orderId: 'ORD1',
  customerId: 'c1',
  RecieptNo: 'R123',
  PaymentType: 'Card',
  amountCents: 1_250_050,
  captureId: 'cap',
  at: '2026-11-24T10:00:00.000Z',
};
const facts = { historyId: 'h1', paidAt: new Date('2026-11-24T10:00:00.000Z'), itemIds: ['i1'], packageIds: [], awaitingStock: false };

describe('transaction documents', () => {
  it('answers the record as the history does: rupees, Sri Lanka time, Paid after the capture of a confirmed checkout', () => {
    const d = transactionDoc('PaymentCaptured', data, facts);
    expect(d.view).toEqual({
      _id: 'h1',
      RecieptNo: 'R123',
      PaymentType: 'Card',
      Amount: 12500.5,
      TransTime: '2026-11-24T15:30:00.000+05:30',
      ItemList: ['i1'],
      PacakgeID: [],
      CustomerID: 'c1',
      OrderID: 'ORD1',
      status: 'Paid',
    });
    expect(d).toMatchObject({ receipt: 'R123', paymentType: 'Card', key: 'h1', sortAt: '2026-11-24T10:00:00.000Z' });
  });

  it('says AwaitingStock, not Paid, while the stock decision has not come (issue 30 item 5)', () => {
    expect(transactionDoc('PaymentCaptured', data, { ...facts, awaitingStock: true }).view.status).toBe('AwaitingStock');
    // A refund says what was refunded whatever the decision.
    expect(transactionDoc('PaymentRefunded', data, { ...facts, awaitingStock: true }).view.status).toBe('Refunded');
  });

  it('takes a refund’s status and refunded amount from the event, Refunded when it names none', () => {
    expect(transactionDoc('PaymentRefunded', data, facts).view.status).toBe('Refunded');
    const partial = transactionDoc('PaymentRefunded', { ...data, status: 'PartiallyRefunded', refundedCents: 500_000 }, facts).view;
    expect(partial).toMatchObject({ status: 'PartiallyRefunded', RefundedAmount: 5000 });
    expect(transactionDoc('PaymentRefunded', { ...data, status: 'Bogus' }, facts).view.status).toBe('Refunded');
  });
});
