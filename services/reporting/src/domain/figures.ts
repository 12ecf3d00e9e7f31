/**
 * The figures of a seller's monthly sales report (spec 001 section 9), computed in one pass over
 * the sale lines so a large month needs no more memory than its distinct items:
 * - TotalOrders: the seller's orders, i.e. distinct checkouts (OrderID): an order with two item
 *   lines of this seller is one order (it counted as two);
 * - TotalItems / TotalPackages: distinct items or packages sold;
 * - TotalStockSold (items): units sold;
 * - TotalIncome: unit price × quantity, summed;
 * - TotalOutgoings: 20 % of the unit price per item order line, 10 % of the package price per
 *   package order line;
 * - TotalProfit: income − outgoings;
 * - lines: the sale lines, i.e. the report's table rows (more than the orders when an order has
 *   several lines: the PDF and CSV must print every line).
 * Money in integer cents.
 */
import { lineOutgoings } from './money';

export interface SaleFigureLine {
  /** The checkout's OrderID (every line of one checkout shares it). */
  orderId: string;
  kind: 'item' | 'package';
  productId: string;
  quantity: number;
  unitPriceCents: number;
}

export interface SalesTotals {
  orders: number;
  /** Sale lines: the rows of the report's table. */
  lines: number;
  products: number;
  units: number;
  incomeCents: number;
  outgoingsCents: number;
  profitCents: number;
}

export class SalesAccumulator {
  private readonly products = new Set<string>();
  private readonly orders = new Set<string>();
  private lines = 0;
  private units = 0;
  private income = 0;
  private outgoings = 0;

  add(line: SaleFigureLine): void {
    this.orders.add(line.orderId);
    this.lines++;
    this.products.add(line.productId);
    this.units += line.quantity;
    this.income += line.unitPriceCents * line.quantity;
    this.outgoings += lineOutgoings(line.kind, line.unitPriceCents);
  }

  totals(): SalesTotals {
    return {
      orders: this.orders.size,
      lines: this.lines,
      products: this.products.size,
      units: this.units,
      incomeCents: this.income,
      outgoingsCents: this.outgoings,
      profitCents: this.income - this.outgoings,
    };
  }
}

/** Totals of `lines` (see {@link SalesAccumulator}). */
export function salesTotals(lines: Iterable<SaleFigureLine>): SalesTotals {
  const acc = new SalesAccumulator();
  for (const l of lines) acc.add(l);
  return acc.totals();
}
