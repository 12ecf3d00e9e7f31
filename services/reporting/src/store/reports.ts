/**
 * Records of report jobs (docs/architecture.md, Jobs: the worker stores each PDF): who asked, which
 * kind and month, and once rendered the PDF and CSV files under REPORT_DIR; plus each caller's latest job per
 * kind for `fetch-pdf` without a job id; plus the monthly deliveries already sent (once per
 * seller and month). All read by `_id`.
 */
import { Schema, type Connection, type Model } from 'mongoose';

export interface ReportRecord {
  /** The BullMQ job id. */
  _id: string;
  kind: string;
  requestedBy: { id: string; role: string };
  params: Record<string, unknown>;
  createdAt: Date;
  /** The PDF, once rendered. */
  file?: string;
  /** The CSV of the same rows (jobs rendered before it have none). */
  csvFile?: string;
  rows?: number;
  pages?: number;
  completedAt?: Date;
}

export interface LatestReport {
  /** `<callerId>:<kind>`. */
  _id: string;
  jobId: string;
}

export interface MonthlyDelivery {
  /** `<sellerId>:<yyyy-mm>`. */
  _id: string;
  sellerId: string;
  month: string;
  emailJobId: string;
  at: Date;
}

const opts = (collection: string) => ({ collection, versionKey: false as const, strict: false as const });

function model<T>(conn: Connection, name: string, collection: string): Model<T> {
  return (conn.models[name] as Model<T> | undefined) ?? conn.model<T>(name, new Schema<T>({ _id: String } as never, opts(collection)));
}

export interface ReportStore {
  records: Model<ReportRecord>;
  latest: Model<LatestReport>;
  deliveries: Model<MonthlyDelivery>;
}

export function reportStore(conn: Connection): ReportStore {
  return {
    records: model(conn, 'ReportRecord', 'report_jobs'),
    latest: model(conn, 'LatestReport', 'report_latest'),
    deliveries: model(conn, 'MonthlyDelivery', 'monthly_deliveries'),
  };
}
