/** The wrong-CVC lockout e-mail (issue 27 item 5): what it says for a card and for the account, escaping, required data. */
import { describe, expect, it } from 'vitest';
import { renderEmail } from './render';

describe('cvc-locked', () => {
  const base = { name: 'Nimal <Perera>', card: 'Visa ending 1111', attempts: 5, minutes: 15 };

  it('names the card by brand and last 4, the pause and what to do', () => {
    const m = renderEmail('cvc-locked', { ...base, scope: 'card' });
    expect(m.subject).toBe('Payments paused after wrong security codes');
    expect(m.text).toContain('entered 5 times for your Visa ending 1111, so payments with this card are paused for 15 minutes');
    expect(m.text).toContain('change your password');
    expect(m.html).toContain('Nimal &lt;Perera&gt;');
  });

  it('says every saved card is paused when the account is locked', () => {
    const m = renderEmail('cvc-locked', { ...base, scope: 'account', attempts: 10 });
    expect(m.text).toContain('payments with all your saved cards are paused for 15 minutes');
  });

  it('refuses data without the card or the scope', () => {
    expect(() => renderEmail('cvc-locked', { name: 'N', attempts: 5, minutes: 15 })).toThrow();
  });
});
