/**
 * The detectors of scripts/scan-secrets.ts (every database and the
 * logs) with planted examples: card numbers (with spaces/dashes, Luhn), CVV fields, passwords not
 * hashed with argon2, reset codes under reset-code keys; and what must not be flagged (hashes,
 * redaction markers, timestamps, ids, socket addresses).
 */
import { describe, expect, it } from 'vitest';
import { cardNumbersIn, keyedSecret, scanText, scanValue } from './scan-secrets';

describe('secrets scan detectors', () => {
  it('finds Luhn-valid card numbers, also with spaces or dashes', () => {
    expect(cardNumbersIn('paid with 4111 1111 1111 1111 today')).toEqual(['4111 1111 1111 1111']);
    expect(cardNumbersIn('card 5500-0000-0000-0004.')).toEqual(['5500-0000-0000-0004']);
    expect(cardNumbersIn('amex 378282246310005')).toEqual(['378282246310005']);
    expect(cardNumbersIn('not luhn 4111111111111112, time 1717171717171, order 65a1234567890123456789ab')).toEqual([]);
    expect(cardNumbersIn('name="// unix:323265750647227046 -> sock"')).toEqual([]);
    // A BullMQ job id: a digit and a dash before a millisecond timestamp are not a card.
    expect(cardNumbersIn('report:monthly-test-2-1795473026672')).toEqual([]);
    expect(cardNumbersIn('amex 3782 822463 10005, visa 4111-1111-1111-1111')).toEqual(['3782 822463 10005', '4111-1111-1111-1111']);
    // An ungrouped card behind an odd separator is still found.
    expect(cardNumbersIn('x 7-4111111111111111')).toEqual(['4111111111111111']);
  });

  it('flags CVVs, clear passwords and reset codes by key, not hashes or redactions', () => {
    expect(keyedSecret('cardcvv', '737')).toBe('cvv');
    expect(keyedSecret('CVC', 1234)).toBe('cvv');
    expect(keyedSecret('cvvHash', '737')).toBeNull();
    expect(keyedSecret('password', 'Secret#123')).toBe('password');
    expect(keyedSecret('newPassword', 'x')).toBe('password');
    expect(keyedSecret('password', '$argon2id$v=19$m=19456,t=2,p=1$abc$def')).toBeNull();
    expect(keyedSecret('password', '[redacted]')).toBeNull();
    expect(keyedSecret('password', '[sent]')).toBeNull();
    expect(keyedSecret('code', '483920')).toBe('reset code');
    expect(keyedSecret('resetCode', 'a1B2c')).toBe('reset code');
    expect(keyedSecret('code', 'ECONNREFUSED')).toBeNull();
    expect(keyedSecret('code', 11000)).toBeNull();
    expect(keyedSecret('codeHash', 'f'.repeat(64))).toBeNull();
  });

  it('walks documents, JSON strings (BullMQ job data) and log lines, naming where', () => {
    const doc = { _id: 'x', cards: [{ cardnumber: '4111111111111111', cvv: '123' }], owner: { password: 'plain' } };
    expect(scanValue(doc, 'mongo db.c').map((f) => [f.kind, f.where])).toEqual([
      ['card number', 'mongo db.c.cards[0].cardnumber'],
      ['cvv', 'mongo db.c.cards[0].cvv'],
      ['password', 'mongo db.c.owner.password'],
    ]);
    const job = { data: JSON.stringify({ to: 'a@b.lk', template: 'customer-reset-code', data: { code: '12345678' } }) };
    expect(scanValue(job, 'redis bull:email:1').map((f) => f.kind)).toEqual(['reset code']);
    const log = [
      '{"level":30,"msg":"ok","req":{"body":{"password":"[redacted]"}}}',
      '{"card":"4111-1111-1111-1111"}',
      'password = hunter22',
    ].join('\n');
    expect(scanText(log, 'x.log').map((f) => [f.kind, f.where])).toEqual([
      ['card number', 'x.log:2.card'],
      ['password', 'x.log:3 password'],
    ]);
    // Masked: the finding never repeats the secret.
    expect(scanValue({ cvv: '123' }, 'w')[0]!.masked).toBe('***');
  });
});
