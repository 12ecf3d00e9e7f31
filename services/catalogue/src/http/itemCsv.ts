/**
 * The item CSV routes (issue 30 item 9; README "CSV export and import"):
 * `GET /items/export-csv` streams every item of the calling seller from the item search index
 * (`mine=true` scope: the seller's own, newest first; platform's `scanSearch` and `sendCsv`), and
 * `POST /items/import-csv` runs the import use case (items/csvImport.ts). Both for sellers only.
 *
 * Why a streamed answer and not a report job: the rows live in the catalogue's own read model
 * (the report worker computes from reporting's read models and has no item list); a scan of the
 * index with a point in time costs one search per 1,000 rows and holds one page in memory, so the
 * download starts at once with nothing stored, polled or cleaned up afterwards.
 */
import { CSV_EXPORT_LIMIT, ITEM_CSV_EXPORT_COLUMNS, ItemImportBodySchema, colomboDate } from '@market/contracts';
import { requireCaller, rupeesCell, scanSearch, sendCsv, type CsvColumn, type CsvValue } from '@market/platform';
import { Router } from 'express';
import { searchRequest, type SearchItemView } from '../domain/search';
import { importItems, type ItemImportDeps } from '../items/csvImport';

/** A cell of an item row, by export column (prices in rupees with two decimals). */
function itemCell(col: string, v: SearchItemView): CsvValue {
  switch (col) {
    case 'Price':
      return rupeesCell(v.Price);
    case 'FinalPrice':
      return rupeesCell(v.FinalPrice);
    case 'Color_family':
      return v.Color_family.join(', ');
    default:
      return (v as unknown as Record<string, CsvValue>)[col];
  }
}

const COLUMNS: CsvColumn<SearchItemView>[] = ITEM_CSV_EXPORT_COLUMNS.map((col) => ({ header: col, value: (v) => itemCell(col, v) }));

/** The item CSV routes; `d.search` is the item index the seller's list reads. */
export function itemCsvRoutes(d: ItemImportDeps): Router {
  const r = Router();

  r.get('/items/export-csv', async (req, res) => {
    const caller = requireCaller(req, 'seller');
    const pages = scanSearch(d.search, searchRequest({}, caller.id, false), { limit: CSV_EXPORT_LIMIT });
    await sendCsv(res, {
      fileName: `items-${colomboDate(new Date())}.csv`,
      columns: COLUMNS,
      limit: CSV_EXPORT_LIMIT,
      pages: (async function* () {
        for await (const p of pages) yield { rows: p.views, total: p.total };
      })(),
    });
  });

  r.post('/items/import-csv', async (req, res) => {
    const caller = requireCaller(req, 'seller');
    const outcome = await importItems(d, caller.id, ItemImportBodySchema.parse(req.body));
    res.status(outcome.status).json(outcome.body);
  });

  return r;
}
