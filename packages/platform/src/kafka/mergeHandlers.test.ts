import { describe, expect, it } from 'vitest';
import { mergeHandlers, type DeliveryMeta, type TypedEnvelope } from './consumer';

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
