import { describe, expect, it } from 'vitest';
import { contentProblem, unavailableContent, type ContentItem } from './packageContent';

const on: ContentItem = { Item_name: 'Galaxy A15', ItemAvailabilityStatus: true };

describe('package content (issue 30 item 3)', () => {
  it('sells a package only while every item in it can be sold', () => {
    expect(contentProblem(on)).toBeNull();
    expect(contentProblem(undefined)).toBe('gone');
    expect(contentProblem({ ...on, deleted: true })).toBe('gone');
    expect(contentProblem({ ...on, ItemAvailabilityStatus: false })).toBe('unavailable');
    expect(contentProblem({ ...on, ItemAvailabilityStatus: false, soldOut: true })).toBe('out-of-stock');
  });

  it('names the first item that stops it, and how many more do', () => {
    const content = [
      { _id: 'a', Item_name: 'Galaxy A15' },
      { _id: 'b', Item_name: 'Buds FE' },
      { _id: 'c', Item_name: 'Charger' },
    ];
    expect(
      unavailableContent(
        content,
        new Map([
          ['a', on],
          ['b', on],
          ['c', on],
        ]),
      ),
    ).toBeNull();
    const one = unavailableContent(
      content,
      new Map([
        ['a', on],
        ['c', on],
      ]),
    );
    expect(one).toEqual({ reason: 'Buds FE is no longer sold', items: [{ _id: 'b', Item_name: 'Buds FE', why: 'gone' }] });
    const two = unavailableContent(
      content,
      new Map([
        ['a', { ...on, Item_name: 'Galaxy A15 5G', ItemAvailabilityStatus: false }],
        ['b', on],
      ]),
    );
    expect(two!.reason).toBe('Galaxy A15 5G is not available right now (and 1 more item)');
    expect(two!.items.map((i) => i.why)).toEqual(['unavailable', 'gone']);
  });
});
