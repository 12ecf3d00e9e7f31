import { describe, expect, it } from 'vitest';
import { mergeHandlers, subscriptions, type DeliveryMeta, type TypedEnvelope } from './consumer';

const event = { type: 'OrderConfirmed' } as TypedEnvelope<'OrderConfirmed'>;
const reserved = { type: 'StockReserved' } as TypedEnvelope<'StockReserved'>;
const meta: DeliveryMeta = { topic: 't', partition: 0, offset: '0' };

describe('mergeHandlers', () => {
  it('runs every handler of one event type, in the order given (a spread kept only the last)', async () => {
    const ran: string[] = [];
    const merged = mergeHandlers(
      { OrderConfirmed: async () => void ran.push('seller mail'), StockReserved: async () => void ran.push('saga') },
      { OrderConfirmed: async () => void ran.push('customer mail') },
    );
    await merged.OrderConfirmed!(event, meta);
    await merged.StockReserved!(reserved, meta);
    expect(ran).toEqual(['seller mail', 'customer mail', 'saga']);
  });

  it('stops at a failing handler, so the event is redelivered and the ones after it are not skipped', async () => {
    const ran: string[] = [];
    const merged = mergeHandlers(
      {
        OrderConfirmed: async () => {
          throw new Error('down');
        },
      },
      { OrderConfirmed: async () => void ran.push('second') },
    );
    await expect(merged.OrderConfirmed!(event, meta)).rejects.toThrow('down');
    expect(ran).toEqual([]);
  });
});

describe("subscriptions (a service's one list of what it consumes)", () => {
  it('runs the handlers listed under a type, in the order listed', async () => {
    const ran: string[] = [];
    const saga = { OrderConfirmed: async () => void ran.push('saga'), StockReserved: async () => void ran.push('reserve') };
    const mail = { OrderConfirmed: async () => void ran.push('mail') };
    const handlers = subscriptions({ OrderConfirmed: [mail, saga], StockReserved: [saga] });
    await handlers.OrderConfirmed!(event, meta);
    await handlers.StockReserved!(reserved, meta);
    expect(ran).toEqual(['mail', 'saga', 'reserve']);
  });

  it('refuses a map listed under a type it does not handle, and a handler the list leaves out', () => {
    const saga = { OrderConfirmed: async () => {}, StockReserved: async () => {} };
    expect(() => subscriptions({ OrderRejected: [saga] })).toThrow(/'OrderRejected': handler map 1 .* has no handler/);
    expect(() => subscriptions({ OrderConfirmed: [saga] })).toThrow(/handles 'StockReserved', but the subscription list/);
  });
});
