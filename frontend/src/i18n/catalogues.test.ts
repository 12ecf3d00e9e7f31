/**
 * Completeness of the catalogues (issue 33 item 5): every namespace of Sinhala and Tamil has exactly
 * the keys of English, none empty, with the same `{{placeholders}}` per key.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES, NAMESPACES, resources } from './index';

/** `{ a: { b: 'x' } }` → `{ 'a.b': 'x' }` (i18next's key paths). */
function flatten(catalogue: Record<string, unknown>, prefix = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(catalogue)) {
    if (value && typeof value === 'object' && !Array.isArray(value))
      Object.assign(out, flatten(value as Record<string, unknown>, `${prefix}${key}.`));
    else out[`${prefix}${key}`] = value;
  }
  return out;
}

const placeholders = (text: unknown) => [...String(text).matchAll(/{{\s*([\w.]+)/g)].map((m) => m[1]).sort();

describe('catalogues', () => {
  it('have the common namespace and the same namespaces in every language', () => {
    expect(NAMESPACES).toContain('common');
    for (const language of LANGUAGES) expect(Object.keys(resources[language]).sort()).toEqual([...NAMESPACES].sort());
  });

  for (const language of ['si', 'ta'] as const)
    for (const namespace of NAMESPACES)
      it(`${language}/${namespace}.json has exactly the keys of en/${namespace}.json, none empty, the same placeholders`, () => {
        const en = flatten(resources.en[namespace] ?? {});
        const other = flatten(resources[language][namespace] ?? {});
        expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort());
        for (const [key, text] of Object.entries(other)) {
          expect(typeof text === 'string' && text.trim().length > 0, `${language}/${namespace}:${key} is empty`).toBe(true);
          expect(placeholders(text), `${language}/${namespace}:${key}`).toEqual(placeholders(en[key]));
        }
      });

  it('English catalogues hold no empty text either', () => {
    for (const namespace of NAMESPACES)
      for (const [key, text] of Object.entries(flatten(resources.en[namespace] ?? {})))
        expect(typeof text === 'string' && text.length > 0, `en/${namespace}:${key}`).toBe(true);
  });
});
