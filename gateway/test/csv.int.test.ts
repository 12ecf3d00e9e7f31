/**
 * CSV export and import through the gateway on real servers (issue 30 item 9; identity,
 * catalogue, ordering, Kafka, FerretDB, OpenSearch): a seller's item export holds exactly that
 * seller's items (UTF-8 with a byte order mark, Sinhala intact, rupees with two decimals); an
 * import of valid rows creates every row, an import with one bad row writes nothing and names the
 * row and field with the add-item form's message, a retried or doubled import adds nothing twice,
 * an import id reused for another file is refused; order exports hold the seller's own lines (an
 * admin's every seller's); customers can neither import nor export.
 */
import { ITEM_CSV_COLUMNS } from '@market/contracts';
import { parse } from 'csv-parse/sync';
import { testServers, uniqueName, type TestStack } from '@market/platform/testing';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buy, download, itemBody, listedItem, startOrderingWorld, type CatalogueWorld, type Client } from '@market/testing';

let world: CatalogueWorld;
let stack: TestStack;
let sellerA: Client;
let sellerB: Client;
let sellerAId: string;
let customer: Client;
let admin: Client;

const HEADER = 'Item_name,Brand,Model,Stock_keeping_unit,Category,Price,Quantity,Color_family,ItemAvailabilityStatus';
const sku = (tag: string) =>
  uniqueName(tag)
    .toUpperCase()
    .replace(/[^\w-]/g, '-');
const importId = () => `imp-${uniqueName('x').replace(/[^\w-]/g, '-')}`.slice(0, 64);

/** A CSV download's records (BOM checked and dropped). */
async function csvOf(client: Client, path: string): Promise<{ status: number; records: string[][]; raw: Buffer; headers: Headers }> {
  const res = await download(stack.gatewayUrl, client, path);
  const ok = res.status === 200;
  if (ok) expect([...res.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return {
    status: res.status,
    raw: res.bytes,
    headers: res.headers,
    records: ok ? (parse(res.bytes.toString('utf8'), { bom: true }) as string[][]) : [],
  };
}

beforeAll(async () => {
  world = await startOrderingWorld();
  ({ stack, customer, admin } = world);
  const a = await world.newSeller();
  sellerA = a.client;
  sellerAId = a.id;
  sellerB = (await world.newSeller()).client;
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

describe('item export', () => {
  it("answers exactly the seller's own items, with Sinhala names and rupees with two decimals", async () => {
    const mine = await sellerA.request('post', '/items/addItems', { body: itemBody({ Item_name: 'ජංගම දුරකථනය Galaxy', Price: 1000 }) });
    const other = await sellerB.request('post', '/items/addItems', { body: itemBody({ Item_name: 'Other seller phone' }) });
    expect([mine.status, other.status]).toEqual([201, 201]);
    const a = await csvOf(sellerA, '/items/export-csv');
    expect(a.status).toBe(200);
    expect(a.headers.get('content-type')).toMatch(/^text\/csv/);
    const [header, ...rows] = a.records;
    expect(header).toEqual(['_id', ...ITEM_CSV_COLUMNS, 'DiscountStatus', 'DiscountPrecentage', 'FinalPrice']);
    const row = rows.find((r) => r[0] === mine.body._id)!;
    expect(row).toBeDefined();
    expect(row[1]).toBe('ජංගම දුරකථනය Galaxy');
    expect(row[6]).toBe('1000.00');
    expect(row[header!.indexOf('FinalPrice')]).toBe('1000.00');
    expect(rows.map((r) => r[0])).not.toContain(other.body._id);
    // Every row is seller A's: the list's own scope (mine=true) over the same index.
    const listed = await sellerA.request('get', '/items/getItems', { query: { mine: true, page: 1, limit: 100 } });
    expect(new Set(rows.map((r) => r[0]))).toEqual(new Set((listed.body as { items: { _id: string }[] }).items.map((i) => i._id)));
    const b = await csvOf(sellerB, '/items/export-csv');
    expect(b.records.slice(1).map((r) => r[0])).toEqual([other.body._id]);
  });

  it('is for sellers only', async () => {
    expect((await download(stack.gatewayUrl, customer, '/items/export-csv')).status).toBe(403);
    expect((await download(stack.gatewayUrl, admin, '/items/export-csv')).status).toBe(403);
    expect((await fetch(`${stack.gatewayUrl}/items/export-csv`)).status).toBe(401);
  });
});

describe('item import', () => {
  const exported = async () => (await csvOf(sellerA, '/items/export-csv')).records.slice(1).map((r) => r[4]);

  it('creates every row of a valid file, with the form defaults and no images', async () => {
    const skus = [sku('IMPA'), sku('IMPB'), sku('IMPC')];
    const csv =
      `\uFEFF${HEADER}\r\n` +
      `Pixel 9,Google,M-P9,${skus[0]},,"Rs. 189,999.50",5,"Black; White",\r\n` +
      `"Galaxy Tab, 11""",Samsung,N-TAB,${skus[1]},Tablet / iPad / iPod,99000,2,,no\r\n` +
      `\r\n` +
      `Watch,Apple,F-W9,${skus[2]},Wearable,45000,1,Gold,yes\r\n`;
    const res = await sellerA.request('post', '/items/import-csv', { body: { csv, importId: importId() } });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('imported');
    expect(res.body.items.map((i) => [i.row, i.Stock_keeping_unit])).toEqual([
      [2, skus[0]],
      [3, skus[1]],
      [5, skus[2]],
    ]);
    const first = await sellerA.request('get', '/items/get/{id}', { params: { id: res.body.items[0]!._id! } });
    expect(first.body).toMatchObject({
      Item_name: 'Pixel 9',
      Price: 189999.5,
      Category: 'Mobile Phones',
      Warrenty: 1,
      Color_family: ['Black', 'White'],
      ItemAvailabilityStatus: true,
      Images: [],
      SellerID: sellerAId,
    });
    const second = await sellerA.request('get', '/items/get/{id}', { params: { id: res.body.items[1]!._id! } });
    expect(second.body).toMatchObject({ Item_name: 'Galaxy Tab, 11"', ItemAvailabilityStatus: false, Category: 'Tablet / iPad / iPod' });
    // In the seller's list at once (read-your-writes).
    expect(await exported()).toEqual(expect.arrayContaining(skus));
  });

  it('writes nothing when one row is bad, and names the row and field with the add-item message', async () => {
    const skus = [sku('BADA'), sku('BADB'), sku('BADC')];
    const taken = (await csvOf(sellerA, '/items/export-csv')).records[1]![4]!;
    const csv =
      `${HEADER}\n` +
      `Phone one,Brand,M-1,${skus[0]},,1000,1,,\n` +
      `Phone two,Brand,M-2,${skus[1]},,0,1,,\n` +
      `Phone three,Brand,X-3,${skus[2]},,1000,201,Purple,\n` +
      `Phone four,Brand,M-4,${skus[0]!.toLowerCase()},,1000,1,,\n` +
      `Phone five,Brand,M-5,${taken},,1000,1,,\n`;
    const before = await exported();
    const res = await sellerA.request('post', '/items/import-csv', { body: { csv, importId: importId() } });
    expect(res.status).toBe(400);
    const body = res.body as unknown as {
      error: string;
      fields: Record<string, string>;
      rows: { row: number; fields: Record<string, string> }[];
    };
    expect(body.error).toBe('Please Enter Valid Details! 4 rows have errors; nothing was imported');
    expect(body.rows).toEqual([
      { row: 3, fields: { Price: 'Price cannot be Zero or less' } },
      {
        row: 4,
        fields: {
          Model: 'Invalid',
          Quantity: 'Quantity cannot be more than 200',
          Color_family: 'Colours are Black, White, Red, Gold, Silver, Yellow',
        },
      },
      { row: 5, fields: { Stock_keeping_unit: 'This Stock keeping unit is also on row 2' } },
      { row: 6, fields: { Stock_keeping_unit: 'This Stock keeping unit is Already in use!' } },
    ]);
    expect(body.fields['3.Price']).toBe('Price cannot be Zero or less');
    expect(await exported()).toEqual(before);
    const free = await sellerA.request('get', '/items/skuAvailable/{sku}', { params: { sku: skus[0]! } });
    expect(free.body.available).toBe(true);
  });

  it('refuses files it cannot read, too many rows and an Images column, with a clear message', async () => {
    const refused = async (csv: string) => {
      const r = await sellerA.request('post', '/items/import-csv', { body: { csv, importId: importId() } });
      expect(r.status).toBe(400);
      return (r.body as unknown as { fields: { csv: string } }).fields.csv;
    };
    expect(await refused(`${HEADER}\n`)).toBe('The file has no items: the header row, then one item per row');
    expect(await refused(`Item_name,Brand,Model,Stock_keeping_unit,Price,Quantity,Images\nA,B,M-1,S1,1,1,x.webp\n`)).toMatch(
      /^Images are not part/,
    );
    expect(await refused(`Item_name,Brand,Model\nA,B,M-1\n`)).toBe('The header row lacks the columns Stock_keeping_unit, Price, Quantity');
    const many = Array.from({ length: 501 }, (_, i) => `Phone ${i},B,M-${i},${sku('MANY')}-${i},,10,1,,`).join('\n');
    expect(await refused(`${HEADER}\n${many}\n`)).toBe('A file can add at most 500 items: split it into smaller files');
  });

  it('checks only on a dry run, and adds nothing twice when the same import is sent again or twice at once', async () => {
    const skus = [sku('RTA'), sku('RTB')];
    const csv = `${HEADER}\nRetry one,B,M-1,${skus[0]},,100,1,,\nRetry two,B,M-2,${skus[1]},,100,1,,\n`;
    const id = importId();
    const dry = await sellerA.request('post', '/items/import-csv', { body: { csv, importId: id, dryRun: true } });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ status: 'checked', rows: 2 });
    expect((await sellerA.request('get', '/items/skuAvailable/{sku}', { params: { sku: skus[0]! } })).body.available).toBe(true);

    const [x, y] = await Promise.all([
      sellerA.request('post', '/items/import-csv', { body: { csv, importId: id } }),
      sellerA.request('post', '/items/import-csv', { body: { csv, importId: id } }),
    ]);
    expect([x.status, y.status].every((s) => s === 200 || s === 201)).toBe(true);
    const again = await sellerA.request('post', '/items/import-csv', { body: { csv, importId: id } });
    expect(again.status).toBe(200);
    expect(again.body.items.map((i) => i._id)).toEqual(x.body.items.map((i) => i._id));
    expect(y.body.items.map((i) => i._id)).toEqual(x.body.items.map((i) => i._id));
    const inList = (await exported()).filter((s) => skus.includes(s!));
    expect(inList.sort()).toEqual([...skus].sort());

    const reused = await sellerA.request('post', '/items/import-csv', {
      body: { csv: `${csv}Three,B,M-3,${sku('RTC')},,1,1,,\n`, importId: id },
    });
    expect(reused.status).toBe(409);
    expect(reused.body).toMatchObject({ error: 'This import id was used for another file: choose the file again' });
  });

  /** What a crash after an import's first item leaves: the import still writing, the second item (`secondId`) never written. */
  async function crashAfterFirstItem(id: string, secondId: string) {
    const conn = await catalogueDb();
    try {
      await conn.collection('item_imports').updateOne({ _id: `${sellerAId}:${id}` as never }, { $set: { status: 'writing' } });
      await conn.collection('items').deleteOne({ _id: new mongoose.Types.ObjectId(secondId) });
    } finally {
      await conn.close();
    }
  }

  /** The catalogue's own database of this stack, to stage what a crash midway leaves behind. */
  async function catalogueDb() {
    const conn = await mongoose.createConnection(testServers().mongoUrl, { dbName: `catalogue-${stack.dbSuffix}` }).asPromise();
    return conn;
  }

  it('finishes an import that crashed midway when it is sent again, under the planned ids', async () => {
    const skus = [sku('CRA'), sku('CRB')];
    const csv = `${HEADER}\nCrash one,B,M-1,${skus[0]},,100,1,,\nCrash two,B,M-2,${skus[1]},,100,1,,\n`;
    const id = importId();
    const first = await sellerA.request('post', '/items/import-csv', { body: { csv, importId: id } });
    expect(first.status).toBe(201);
    const [one, two] = first.body.items.map((i) => i._id!);
    await crashAfterFirstItem(id, two!);
    const retry = await sellerA.request('post', '/items/import-csv', { body: { csv, importId: id } });
    expect(retry.status).toBe(201);
    expect(retry.body.items.map((i) => i._id)).toEqual([one, two]);
    expect((await sellerA.request('get', '/items/get/{id}', { params: { id: two! } })).body).toMatchObject({ Item_name: 'Crash two' });
    expect((await exported()).filter((s) => skus.includes(s!)).sort()).toEqual([...skus].sort());
  });

  it('removes what it wrote when a SKU is taken by someone else before it is written, and says which row', async () => {
    const skus = [sku('RBA'), sku('RBB')];
    const csv = `${HEADER}\nRollback one,B,M-1,${skus[0]},,100,1,,\nRollback two,B,M-2,${skus[1]},,100,1,,\n`;
    const id = importId();
    const first = await sellerA.request('post', '/items/import-csv', { body: { csv, importId: id } });
    expect(first.status).toBe(201);
    const [one, two] = first.body.items.map((i) => i._id!);
    // A crash after the first item, then another seller takes the second SKU before the retry.
    await crashAfterFirstItem(id, two!);
    expect((await sellerB.request('post', '/items/addItems', { body: itemBody({ Stock_keeping_unit: skus[1] }) })).status).toBe(201);
    const retry = await sellerA.request('post', '/items/import-csv', { body: { csv, importId: id } });
    expect(retry.status).toBe(409);
    expect(retry.body).toMatchObject({
      error: 'Row 3: This Stock keeping unit is Already in use!; nothing was imported',
      fields: { '3.Stock_keeping_unit': 'This Stock keeping unit is Already in use!' },
    });
    expect((await sellerA.request('get', '/items/get/{id}', { params: { id: one! } })).status).toBe(404);
    // (The second item's index entry is this staging's: a real crash before it was written left none.)
    expect(await exported()).not.toContain(skus[0]);
    expect((await sellerA.request('post', '/items/import-csv', { body: { csv, importId: id } })).status).toBe(409);
  });

  it('imports a file of 500 rows, the limit, in one request through the gateway', async () => {
    const tag = sku('MAX');
    const rows = Array.from({ length: 500 }, (_, i) => `Bulk phone ${i},Brand,M-${i},${tag}-${i},,${1000 + i},1,,`).join('\n');
    const started = Date.now();
    const res = await sellerA.request('post', '/items/import-csv', { body: { csv: `${HEADER}\n${rows}\n`, importId: importId() } });
    expect(res.status).toBe(201);
    expect(res.body.items).toHaveLength(500);
    expect(new Set(res.body.items.map((i) => i._id)).size).toBe(500);
    console.info(`500-row import answered in ${Date.now() - started} ms`);
  }, 120_000);

  it('is refused to customers and admins, and never writes for them', async () => {
    const csv = `${HEADER}\nNope,B,M-1,${sku('CUST')},,100,1,,\n`;
    expect((await customer.request('post', '/items/import-csv', { body: { csv, importId: importId() } })).status).toBe(403);
    expect((await admin.request('post', '/items/import-csv', { body: { csv, importId: importId() } })).status).toBe(403);
  });
});

describe('order export', () => {
  it("holds the seller's own order lines only, every seller's for an admin, and nothing for customers", async () => {
    const itemA = await listedItem(sellerA, customer, { Item_name: 'Export phone A', Price: 1234.5 });
    const itemB = await listedItem(sellerB, customer, { Item_name: 'Export phone B' });
    const checkout = await buy(customer, {
      items: [
        { itemId: itemA, quantity: 2 },
        { itemId: itemB, quantity: 1 },
      ],
    });
    expect(checkout.status).toBe('Confirmed');
    const orderId = checkout.checkoutId;

    const a = await csvOf(sellerA, '/Orders/export-csv');
    expect(a.status).toBe(200);
    expect(a.records[0]).toEqual([
      'Order line',
      'Order number',
      'Kind',
      'Date (Colombo)',
      'Customer',
      'Delivery address',
      'Product',
      'SKU',
      'Seller',
      'Quantity',
      'Unit price',
      'Total',
      'Status',
      'Payment type',
    ]);
    const mine = a.records.slice(1);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r) => r[6] !== 'Export phone B')).toBe(true);
    const line = mine.find((r) => r[1] === orderId)!;
    expect(line).toMatchObject({
      2: 'Item order',
      6: 'Export phone A',
      9: '2',
      10: '1234.50',
      11: '2469.00',
      12: 'Confirmed',
      13: 'PayPal',
    });
    expect(line[3]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(line[4]).not.toBe('');

    const b = await csvOf(sellerB, `/Orders/export-csv?OrderID=${orderId}`);
    expect(b.records.slice(1).map((r) => r[6])).toEqual(['Export phone B']);

    // Naming another seller narrows a seller's own export; it never widens it.
    const asOther = await csvOf(sellerB, `/Orders/export-csv?SellerID=${sellerAId}`);
    expect(asOther.status).toBe(200);
    expect(asOther.records.slice(1)).toEqual([]);

    const all = await csvOf(admin, `/Orders/export-csv?OrderID=${orderId}`);
    expect(
      all.records
        .slice(1)
        .map((r) => r[6])
        .sort(),
    ).toEqual(['Export phone A', 'Export phone B']);
    const packagesOnly = await csvOf(admin, `/Orders/export-csv?OrderID=${orderId}&kind=package`);
    expect(packagesOnly.records.slice(1)).toEqual([]);

    expect((await download(stack.gatewayUrl, customer, '/Orders/export-csv')).status).toBe(403);
    expect((await fetch(`${stack.gatewayUrl}/Orders/export-csv`)).status).toBe(401);
    expect((await download(stack.gatewayUrl, sellerA, '/Orders/export-csv?status=Nope')).status).toBe(400);
  });
});
