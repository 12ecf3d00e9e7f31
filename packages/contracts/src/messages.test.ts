import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages';
import { FLOW_SCHEMAS, flowMessages } from './messages.flows';
import { MESSAGES, describeMessage, messageCode } from './messages';

const catalogue = (lang: string): Record<string, string> =>
  JSON.parse(readFileSync(join(__dirname, `../../../frontend/src/i18n/locales/${lang}/errors.json`), 'utf8')) as Record<string, string>;
const placeholders = (text: string) => [...text.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();

describe('messages catalogue (issue 33 item 2)', () => {
  it('codes are kebab-case and texts are unique, so the reverse lookup is one to one', () => {
    for (const code of Object.keys(MESSAGES)) expect(code).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(new Set(Object.values(MESSAGES)).size).toBe(Object.keys(MESSAGES).length);
    for (const [code, text] of Object.entries(MESSAGES)) if (!text.includes('{{')) expect(messageCode(text)).toBe(code);
  });

  it('every message the schemas of the flows answer has a code', () => {
    expect(FLOW_SCHEMAS.map((f) => f.flow)).toEqual(
      expect.arrayContaining([
        'register',
        'login',
        'forgot password',
        'verify code',
        'reset password',
        'cart',
        'checkout',
        'review',
        'contact',
        'list an item',
        'list a package',
      ]),
    );
    const found = flowMessages();
    expect(found.size).toBeGreaterThan(50);
    const missing = [...found].filter(([text]) => messageCode(text) === undefined);
    expect(missing).toEqual([]);
  });

  it('the documents keep their exact wording, misspellings included', () => {
    expect(MESSAGES['password-min-length']).toBe('Password must contain minimum 8 chracters');
    expect(MESSAGES['verify-code-first']).toBe('Code verification unsuccessfull');
    expect(MESSAGES['login-failed']).toBe('Invalid Username or Password');
  });

  it('a template gives its code and the values of its placeholders', () => {
    expect(describeMessage('Only 3 of Galaxy S24 left in stock')).toEqual({
      code: 'out-of-stock',
      params: { stock: '3', name: 'Galaxy S24' },
    });
    expect(describeMessage('Too big: expected string to have <=200 characters')).toEqual({ code: 'too-long', params: { maximum: '200' } });
    expect(describeMessage('Invalid input: expected string, received number')).toEqual({ code: 'invalid-input' });
    expect(messageCode('Something nobody wrote')).toBeUndefined();
    expect(messageCode('Only 3 of')).toBeUndefined();
  });

  it("the web app's catalogues have exactly the codes, English equals MESSAGES, translations keep the placeholders", () => {
    const en = catalogue('en');
    expect(en).toEqual(MESSAGES);
    for (const lang of LANGUAGES) {
      const texts = catalogue(lang);
      expect(Object.keys(texts).sort()).toEqual(Object.keys(MESSAGES).sort());
      for (const [code, text] of Object.entries(MESSAGES)) {
        expect(texts[code], `${lang} ${code}`).toBeTruthy();
        expect(placeholders(texts[code]!), `${lang} ${code}`).toEqual(placeholders(text));
        if (lang !== 'en') expect(texts[code], `${lang} ${code} is translated`).not.toBe(text);
      }
    }
  });
});
