/**
 * Reading an item import file (domain/itemCsv.ts): the add-item schema's own messages per row and
 * field, row numbers as a spreadsheet shows them (blank rows counted, not errors), the cell
 * conventions (empty = the form's default, colour lists, yes/no, `Rs. 12,500.00`), SKUs twice in
 * the file, semicolon files, and the file-level refusals.
 */
import { ITEM_CSV_COLUMNS, ItemCreateSchema } from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { readItemCsv } from './itemCsv';

const HEADER = 'Item_name,Brand,Model,Stock_keeping_unit,Price,Quantity';

describe('readItemCsv', () => {
  it('turns each row into an add-item body with the form defaults', () => {
    const r = readItemCsv(
      `\uFEFF${HEADER},Color_family,ItemAvailabilityStatus,Warrenty\r\nPixel,Google,M-1,SKU-1,"Rs. 12,500.50",3,"black; White",no,no\r\n`,
    );
    expect(r).toEqual({
      rows: 1,
      errors: [],
      valid: [
        {
          row: 2,
          body: expect.objectContaining({
            Item_name: 'Pixel',
            Price: 12500.5,
            Quantity: 3,
            Color_family: ['Black', 'White'],
            ItemAvailabilityStatus: false,
            Warrenty: 0,
            Category: 'Mobile Phones',
            Images: [],
          }),
        },
      ],
    });
  });

  it('names every bad row and field with the add-item messages, counting blank rows', () => {
    const r = readItemCsv(`${HEADER}\nA,B,M-1,S1,0,1\n\nC,D,X-1,S2,10,201\nE,F,M-2,s1,10,1\n`);
    expect(r).toMatchObject({
      rows: 3,
      valid: [],
      errors: [
        { row: 2, fields: { Price: 'Price cannot be Zero or less' } },
        { row: 4, fields: { Model: 'Invalid', Quantity: 'Quantity cannot be more than 200' } },
        { row: 5, fields: { Stock_keeping_unit: 'This Stock keeping unit is also on row 2' } },
      ],
    });
  });

  it('reads a file saved with semicolons', () => {
    const r = readItemCsv(`${HEADER.replace(/,/g, ';')}\nA;B;M-1;S1;10,5;1\n`);
    expect(r).toMatchObject({ errors: [{ row: 2, fields: { Price: 'Price cannot be Zero or less' } }] });
    expect(readItemCsv(`${HEADER.replace(/,/g, ';')}\nA;B;M-1;S1;10.5;1\n`)).toMatchObject({ valid: [{ row: 2 }] });
  });

  it('refuses files it cannot take, with one message for the file', () => {
    expect(readItemCsv('')).toEqual({ fileError: 'The file has no items: the header row, then one item per row' });
    expect(readItemCsv(`${HEADER}\n`)).toEqual({ fileError: 'The file has no items: the header row, then one item per row' });
    expect(readItemCsv(`${HEADER},Images\nA,B,M-1,S1,1,1,x\n`)).toMatchObject({ fileError: expect.stringMatching(/^Images are not part/) });
    expect(readItemCsv(`${HEADER},Colour\n`)).toMatchObject({ fileError: expect.stringMatching(/^Unknown columns: Colour\./) });
    expect(readItemCsv(`Item_name,Brand\nA,B\n`)).toEqual({
      fileError: 'The header row lacks the columns Model, Stock_keeping_unit, Price, Quantity',
    });
    expect(readItemCsv(`${HEADER}\n"A,B,M-1,S1,1,1\n`)).toMatchObject({
      fileError: expect.stringMatching(/^The file is not a valid CSV file/),
    });
    const rows = Array.from({ length: 501 }, (_, i) => `A,B,M-1,S${i},1,1`).join('\n');
    expect(readItemCsv(`${HEADER}\n${rows}\n`)).toEqual({ fileError: 'A file can add at most 500 items: split it into smaller files' });
  });

  it('ignores the export-only columns, so an edited export can be imported as new items', () => {
    const r = readItemCsv(`_id,${HEADER},DiscountStatus,DiscountPrecentage,FinalPrice\nabc,A,B,M-1,S1,1,1,true,10,0.90\n`);
    expect(r).toMatchObject({ valid: [{ row: 2, body: { Item_name: 'A', Price: 1 } }] });
  });

  it('covers every field of the add-item form but the images (a new form field needs its column)', () => {
    expect([...ITEM_CSV_COLUMNS].sort()).toEqual(
      Object.keys(ItemCreateSchema.shape)
        .filter((k) => k !== 'Images')
        .sort(),
    );
  });
});
