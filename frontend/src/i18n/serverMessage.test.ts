/** Server and form messages in the chosen language (issue 33 item 2): by the answer's code, else by the English text's code, else as they came. */
import { describe, expect, it } from 'vitest';
import { createI18n } from './index';
import { serverMessage } from './serverMessage';
import en from './locales/en/errors.json';

const [code, english] = Object.entries(en as Record<string, string>).find(([, text]) => !text.includes('{{'))!;

describe('serverMessage', () => {
  const si = createI18n('si');
  it("shows the code's text of the chosen language", () => {
    const shown = serverMessage({ message: english, code }, si);
    expect(shown).not.toBe(english);
    expect(shown).toBe(si.t(`errors:${code}`));
  });
  it("finds the code of an English text that came without one (a form's zod message)", () => {
    expect(serverMessage(new Error(english), si)).toBe(si.t(`errors:${code}`));
    expect(serverMessage(english, si)).toBe(si.t(`errors:${code}`));
  });
  it("reads a template's values back from the English text", () => {
    const [tcode, template] = Object.entries(en as Record<string, string>).find(([, text]) => /^[^{]*{{(\w+)}}[^{]*$/.test(text))!;
    const name = /{{(\w+)}}/.exec(template)![1]!;
    const text = template.replace(`{{${name}}}`, '42');
    expect(serverMessage(text, si)).toBe(si.t(`errors:${tcode}`, { [name]: '42' }));
    expect(serverMessage(text, si)).toContain('42');
  });
  it('keeps English in English and an unknown text as it came', () => {
    expect(serverMessage(english, createI18n('en'))).toBe(english);
    expect(serverMessage(new Error('Something nobody catalogued'), si)).toBe('Something nobody catalogued');
    expect(serverMessage(undefined, si)).toBe('');
  });
});
