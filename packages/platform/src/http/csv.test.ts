/** CSV cells of the exports (http/csv.ts): amounts with two decimals, formula-like text defused, empty for null. */
import { describe, expect, it } from 'vitest';
import { csvCell, rupeesCell } from './csv';

describe('csvCell', () => {
  it('writes amounts in rupees with two decimals and no separators', () => {
    expect(csvCell(rupeesCell(249999.99))).toBe('249999.99');
    expect(csvCell(rupeesCell(1000))).toBe('1000.00');
    expect(csvCell(rupeesCell(0.5))).toBe('0.50');
    expect(csvCell({ cents: -150 })).toBe('-1.50');
  });

  it('defuses text a spreadsheet would run as a formula, and keeps other text as it is', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`);
    expect(csvCell('+94 77')).toBe(`'+94 77`);
    expect(csvCell('@sum')).toBe(`'@sum`);
    expect(csvCell('ජංගම දුරකථනය')).toBe('ජංගම දුරකථනය');
    expect(csvCell(3)).toBe('3');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
  });
});
