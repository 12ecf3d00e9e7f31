/**
 * `GET /Orders/export-csv` (issue 30 item 9; README "CSV export and import"): the order lines a
 * seller received (every seller's for an admin; customers are refused) as CSV, item and package
 * orders together (or one `kind`), with the order lists' own filters (status, days, month, year,
 * customer, OrderID, an admin's SellerID) and sort. The rows are streamed from the orders search
 * read model (domain/orderSearch.ts, the index `GET /Orders/getOrders` reads; platform's
 * `scanSearch`), a page of 1,000 at a time; each page's customer names and sellers' companies are
 * read by `_id` from ordering's read models and its payment types from the transactions index
 * (one `ids` search per page: the index's `_id` is the checkout's OrderID).
 *
 * Why a streamed answer and not a report job: the rows are ordering's own read model, not
 * reporting's (the report worker reads only those), and a scan holds one page in memory, so the
 * file starts at once with nothing stored or polled.
 */
import {
  CSV_EXPORT_LIMIT,
  ORDER_CSV_COLUMNS,
  OrderCsvQuerySchema,
  colomboDate,
  colomboDateTime,
  formatAddress,
  paymentTypeLabel,
  type DeliveryAddress,
} from '@market/contracts';
import { byIds, requireCaller, rupeesCell, scanSearch, sendCsv, type CsvColumn, type CsvValue } from '@market/platform';
import { Router } from 'express';
import { orderListSearch, type OrderWireView } from '../domain/orderSearch';
import type { TransactionView } from '../domain/transactionSearch';
import type { OrderSearch } from '../store/orders';
import { customerName, type ReadModels } from '../store/readModels';
import { listOwner, orderFilters } from './orders';

/** What an order card says when the checkout carried no address (frontend OrderCards' NO_DELIVERY_ADDRESS). */
const NO_ADDRESS = 'No delivery address given';

/** An order line with what the page joined to it. */
interface Row {
  o: OrderWireView;
  customer: string;
  seller: string;
  payment: string;
}

type Column = (typeof ORDER_CSV_COLUMNS)[number];

/** The first snapshot of the line's product (an item's or a package's). */
const product = (o: OrderWireView) =>
  ((o.Items as Record<string, unknown>[] | undefined)?.[0] ?? (o.Packages as Record<string, unknown>[] | undefined)?.[0] ?? {}) as Record<
    string,
    unknown
  >;

const CELLS: Record<Column, (r: Row) => CsvValue> = {
  'Order line': (r) => r.o._id,
  'Order number': (r) => r.o.OrderID,
  Kind: (r) => (/-P\d+$/.test(r.o._id) ? 'Package order' : 'Item order'),
  'Date (Colombo)': (r) => colomboDateTime(String(r.o.TransitTime ?? '')),
  Customer: (r) => r.customer,
  'Delivery address': (r) => (r.o.DeliverTo ? formatAddress(r.o.DeliverTo as DeliveryAddress) : NO_ADDRESS),
  Product: (r) => String(product(r.o).Item_name ?? product(r.o).packageName ?? ''),
  SKU: (r) => String(product(r.o).Stock_keeping_unit ?? ''),
  Seller: (r) => r.seller,
  Quantity: (r) => r.o.OQuantity as number,
  'Unit price': (r) => rupeesCell(r.o.UnitPrice),
  Total: (r) => rupeesCell(r.o.TotalPrice),
  Status: (r) => r.o.status,
  'Payment type': (r) => r.payment,
};

const COLUMNS: CsvColumn<Row>[] = ORDER_CSV_COLUMNS.map((header) => ({ header, value: CELLS[header] }));

/**
 * @param search - the orders and transactions read models (503 while OpenSearch is down)
 * @param rm - ordering's customer and seller read models (names, read by `_id`)
 */
export function orderCsvRoutes(search: OrderSearch, rm: ReadModels): Router {
  const r = Router();

  r.get('/Orders/export-csv', async (req, res) => {
    const caller = requireCaller(req, 'seller', 'admin');
    const { kind } = OrderCsvQuerySchema.parse(req.query);
    const body = orderListSearch(kind ?? null, listOwner(caller), orderFilters(req));
    const scan = scanSearch(search.orders, body, { limit: CSV_EXPORT_LIMIT });
    const customers = new Map<string, string>();
    const sellers = new Map<string, string>();

    /** The names of a page's customers and sellers not met on an earlier page, by `_id`. */
    async function join(views: OrderWireView[]) {
      const newCustomers = [...new Set(views.map((o) => o.CustomerID))].filter((id) => !customers.has(id));
      const found = await byIds(rm.customers, newCustomers);
      for (const id of newCustomers) customers.set(id, customerName(found.get(id)));
      const newSellers = [...new Set(views.map((o) => o.SellerID))].filter((id) => !sellers.has(id));
      const companies = await byIds(rm.sellers, newSellers);
      for (const id of newSellers) {
        const s = companies.get(id);
        sellers.set(id, !s ? '' : s.deleted ? 'Former seller' : s.companyname);
      }
    }

    /** Payment type per OrderID of a page, from the transactions index. */
    async function payments(views: OrderWireView[]): Promise<Map<string, string>> {
      const ids = [...new Set(views.map((o) => o.OrderID))];
      if (!ids.length) return new Map();
      const found = await search.transactions.search({ query: { ids: { values: ids } }, _source: ['view'] }, { size: ids.length });
      return new Map(found.views.map((t: TransactionView) => [t.OrderID, paymentTypeLabel(t.PaymentType)]));
    }

    await sendCsv(res, {
      fileName: `orders-${colomboDate(new Date())}.csv`,
      columns: COLUMNS,
      limit: CSV_EXPORT_LIMIT,
      pages: (async function* () {
        for await (const page of scan) {
          await join(page.views);
          const paid = await payments(page.views);
          const rows = page.views.map((o) => ({
            o,
            customer: customers.get(o.CustomerID) ?? '',
            seller: sellers.get(o.SellerID) ?? '',
            // A line paid in cash says so itself; the others from the checkout's payment record.
            payment: o.CashOnDelivery ? paymentTypeLabel('CashOnDelivery') : (paid.get(o.OrderID) ?? ''),
          }));
          yield { rows, total: page.total };
        }
      })(),
    });
  });

  return r;
}
