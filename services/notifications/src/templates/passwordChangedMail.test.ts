/** The e-mail that tells an account its password changed (issue 27 item 3): when, how, and what to do if it was not them. */
import { describe, expect, it } from 'vitest';
import { renderEmail } from './render';

describe('password-changed e-mail', () => {
  it('says when (Sri Lanka time), that other sessions ended, and where to reset if it was not them', () => {
    const m = renderEmail('password-changed', {
      name: 'Nimal',
      when: '2026-11-22 17:05 (Sri Lanka time)',
      how: 'change',
      resetUrl: 'http://localhost:3000/CustomerForgotPassword',
    });
    expect(m.subject).toBe('Your password was changed');
    expect(m.text).toContain('Hello Nimal,');
    expect(m.text).toContain('was changed on 2026-11-22 17:05 (Sri Lanka time)');
    expect(m.text).toContain('except the one where it was changed');
    expect(m.text).toContain('If this was not you, reset your password now at http://localhost:3000/CustomerForgotPassword');
    expect(m.html).toContain('If this was not you');
  });

  it('says a reset signed out every session, and escapes the name in HTML', () => {
    const m = renderEmail('password-changed', {
      name: '<b>Kamala</b>',
      when: '2026-11-22 17:05 (Sri Lanka time)',
      how: 'reset',
      resetUrl: 'http://localhost:3000/SellerForgotPassword',
    });
    expect(m.text).toContain('was reset with an e-mailed code on 2026-11-22 17:05 (Sri Lanka time)');
    expect(m.text).toContain('Every session of your account was signed out');
    expect(m.html).not.toContain('<b>Kamala</b>');
    expect(() => renderEmail('password-changed', { name: 'N', when: 'now', how: 'guess', resetUrl: 'x' })).toThrow();
  });
});
