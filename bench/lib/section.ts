/**
 * What every bench of `npm run bench` hands back: a table for the markdown report, the
 * raw figures for the JSON file, and the points of its panel in the chart image.
 */
export interface ChartPanel {
  /** Axis title of the measured value, with its unit, e.g. `req/s` or `p95 ms`. */
  yTitle: string;
  /** One bar per point; `series` groups bars side by side within one `x`. */
  points: { x: string; y: number; series?: string }[];
  /** Log scale for values spanning orders of magnitude. */
  log?: boolean;
}

export interface BenchSection {
  id: string;
  title: string;
  columns: string[];
  rows: (string | number)[][];
  /** What was measured and how, in sentences (setup, sizes, ratios' meaning). */
  notes: string[];
  /** Raw figures as measured (ms, req/s, bytes), for later comparison. */
  data: unknown;
  charts: ChartPanel[];
  /** Further tables after the main one, each under its own heading (e.g. the web bench's page times). */
  tables?: { title: string; columns: string[]; rows: (string | number)[][] }[];
}
