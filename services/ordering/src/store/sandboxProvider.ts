/**
 * The sandbox payment provider: approves every capture and records it in ordering's
 * database, one capture per idempotency key, so a retried or concurrent pay never charges twice.
 * A real provider replaces it behind {@link PaymentProvider}.
 */
import { isDuplicateKey } from '@market/platform';
import { randomUUID } from 'node:crypto';
import { Schema, type Connection, type Model } from 'mongoose';
import type { CaptureRequest, PaymentProvider } from '../domain/payments';

interface CaptureDoc {
  /** The idempotency key. */
  _id: string;
  captureId: string;
  amountCents: number;
  method: string;
  reference: string;
  status: 'captured' | 'refunded';
  capturedAt: Date;
  refundedAt?: Date;
}

const schema = new Schema<CaptureDoc>(
  {
    _id: String,
    captureId: { type: String, required: true, unique: true },
    amountCents: Number,
    method: String,
    reference: String,
    status: String,
    capturedAt: Date,
    refundedAt: Date,
  },
  { collection: 'sandbox_captures', versionKey: false },
);

export function sandboxCaptureModel(conn: Connection): Model<CaptureDoc> {
  return (conn.models.SandboxCapture as Model<CaptureDoc> | undefined) ?? conn.model<CaptureDoc>('SandboxCapture', schema);
}

/** A partial refund of the sandbox, `_id` `<captureId>:<idempotency key>`. */
interface SandboxRefundDoc {
  _id: string;
  captureId: string;
  amountCents: number;
  refundedAt: Date;
}

const refundSchema = new Schema<SandboxRefundDoc>(
  { _id: String, captureId: String, amountCents: Number, refundedAt: Date },
  { collection: 'sandbox_refunds', versionKey: false },
);

/** The sandbox's partial refunds (one per cancelled order), read by `_id`. */
export function sandboxRefundModel(conn: Connection): Model<SandboxRefundDoc> {
  return (conn.models.SandboxRefund as Model<SandboxRefundDoc> | undefined) ?? conn.model<SandboxRefundDoc>('SandboxRefund', refundSchema);
}

export function sandboxProvider(captures: Model<CaptureDoc>): PaymentProvider {
  const refunds = sandboxRefundModel(captures.db);
  return {
    async capture(req: CaptureRequest) {
      const fresh = { captureId: `sbx_${randomUUID()}`, amountCents: req.amountCents, method: req.method, reference: req.reference };
      await captures
        .updateOne(
          { _id: req.idempotencyKey },
          { $setOnInsert: { ...fresh, status: 'captured', capturedAt: new Date() } },
          { upsert: true },
        )
        .catch((err: unknown) => {
          if (!isDuplicateKey(err)) throw err;
        });
      const stored = await captures.findById(req.idempotencyKey).lean<CaptureDoc>();
      if (!stored) throw new Error('sandbox capture vanished');
      return { captureId: stored.captureId };
    },
    async refund({ captureId, amountCents, idempotencyKey }) {
      if (idempotencyKey === undefined) {
        await captures.updateOne({ captureId, status: 'captured' }, { $set: { status: 'refunded', refundedAt: new Date() } });
        return;
      }
      // A partial refund: one record per key, written by `_id` if absent.
      await refunds
        .updateOne(
          { _id: `${captureId}:${idempotencyKey}` },
          { $setOnInsert: { captureId, amountCents, refundedAt: new Date() } },
          { upsert: true },
        )
        .catch((err: unknown) => {
          if (!isDuplicateKey(err)) throw err;
        });
    },
  };
}
