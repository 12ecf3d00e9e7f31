import { describe, expect, it } from 'vitest';
import { markdown } from './results';

describe('bench markdown report', () => {
  it('prints a section’s further tables under their own headings after its main table', () => {
    const meta = { date: '2026-11-25', startedAt: 's', finishedAt: 'f', commit: 'abc', node: 'v26', cpus: '2', memoryGiB: 24 };
    const text = markdown(meta, [
      {
        id: 'web',
        title: 'Web',
        notes: ['a note'],
        columns: ['route', 'gzip KiB'],
        rows: [['/', 230.7]],
        data: {},
        charts: [],
        tables: [{ title: 'Customer pages', columns: ['page', 'median ms'], rows: [['cart', 864]] }],
      },
    ]);
    expect(text).toContain('| / | 230.7 |');
    expect(text.indexOf('### Customer pages')).toBeGreaterThan(text.indexOf('| / | 230.7 |'));
    expect(text).toContain('| page | median ms |\n| --- | ---: |\n| cart | 864 |');
  });
});
