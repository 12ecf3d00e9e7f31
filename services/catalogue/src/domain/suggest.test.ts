import { describe, expect, it } from 'vitest';
import { completionText, searchSort, suggestInputs, suggestionsFrom, type SuggestAnswer } from './search';

const option = (text: string, _id: string, sellerId = 's1', name?: string) => ({ text, _id, _source: { sellerId, name } });

describe('header suggestions (issue 32 item 3)', () => {
  it('indexes the name from each of its first words, the normalised brand and the model', () => {
    expect(suggestInputs('Galaxy S24 Ultra', 'Samsung mobile', 'M-S24')).toEqual([
      { input: ['Galaxy S24 Ultra', 'S24 Ultra', 'Ultra'], contexts: { kind: ['item'] } },
      { input: ['Samsung'], contexts: { kind: ['brand'] } },
      { input: ['M-S24'], contexts: { kind: ['model'] } },
    ]);
  });

  it('keeps control characters out of the completion inputs (Lucene reserves U+001E/U+001F there)', () => {
    expect(completionText('Gal\u001eaxy\u001f S24\u0000\u007f\u0085')).toBe('Galaxy S24');
    expect(suggestInputs('Phone\u001f X', 'Sam\u001esung', '\u001fM-1')).toEqual([
      { input: ['Phone X', 'X'], contexts: { kind: ['item'] } },
      { input: ['Samsung'], contexts: { kind: ['brand'] } },
      { input: ['M-1'], contexts: { kind: ['model'] } },
    ]);
  });

  it('puts an exact model first, then two brands, item names and other models; each text once, at most 8', () => {
    const answer: SuggestAnswer = {
      model: [{ options: [option('N-SO-04G-CASE', 'b'), option('N-SO-04G', 'a')] }],
      brand: [{ options: [option('Sony', 'a'), option('Sonim', 'c'), option('Sonya', 'd')] }],
      item: [
        {
          options: [
            option('Xperia', 'a', 's1', 'Xperia Z3'),
            option('Z3', 'e', 's2', 'xperia z3'),
            ...Array.from({ length: 8 }, (_, i) => option(`n${i}`, `i${i}`, 's1', `Phone ${i}`)),
          ],
        },
      ],
    };
    const out = suggestionsFrom('n-so-04g', answer);
    expect(out.slice(0, 5)).toEqual([
      { text: 'N-SO-04G', kind: 'model', itemId: 'a' },
      { text: 'Sony', kind: 'brand' },
      { text: 'Sonim', kind: 'brand' },
      { text: 'Xperia Z3', kind: 'item', itemId: 'a' },
      { text: 'Phone 0', kind: 'item', itemId: 'i0' },
    ]);
    expect(out).toHaveLength(8);
  });

  it('leaves out the items of hidden (suspended) sellers', () => {
    const answer: SuggestAnswer = {
      model: [{ options: [] }],
      brand: [{ options: [] }],
      item: [{ options: [option('x', 'a', 'gone', 'X1')] }],
    };
    expect(suggestionsFrom('x', answer, ['gone'])).toEqual([]);
  });

  it('sorts by relevance when there is text and no asked order, newest first otherwise', () => {
    expect(searchSort(undefined, true)[0]).toEqual({ _score: { order: 'desc' } });
    expect(searchSort(undefined, false)[0]).toEqual({ createdAt: { order: 'desc' } });
    expect(searchSort('newest', true)[0]).toEqual({ createdAt: { order: 'desc' } });
  });
});
