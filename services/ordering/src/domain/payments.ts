/**
 * The payment provider behind checkout (one interface with a sandbox implementation;
 * docs/architecture.md, Departures from the documents: a real payment provider fits behind one
 * interface), and the payment facts every payment event carries. Amounts in integer cents of LKR.
 */
import type { PaymentEventData } from '@market/contracts';
import type { CheckoutDoc } from '../store/checkouts';

export interface CaptureRequest {
  /** One capture per key: a repeated call answers the first capture (the checkout id). */
  idempotencyKey: string;
  amountCents: number;
  method: 'card' | 'wallet';
  /** Shown on the provider's side, e.g. the order number. */
  reference: string;
}

export interface RefundRequest {
  captureId: string;
  amountCents: number;
  /** One refund per key; omitted: the whole capture. */
  idempotencyKey?: string;
}

export interface PaymentProvider {
  /** Takes the money once per idempotency key. @throws when the provider declines */
  capture(req: CaptureRequest): Promise<{ captureId: string }>;
  /**
   * Gives money back; refunding twice is a no-op. Without `idempotencyKey` the whole capture is
   * refunded once (a rejected checkout); with one, `amountCents` of it once per key (one
   * cancelled order of a checkout: key = the order line's id).
   */
  refund(req: RefundRequest): Promise<void>;
}

/**
 * The payment facts every payment event of checkout `c` carries (PaymentCaptured, the
 * PaymentRefunded of a rejection or of a cancelled line), as of `at`. `c.payment` must be set
 * (the checkout is paid). Money in cents.
 */
export function paymentData(c: CheckoutDoc, at: Date): PaymentEventData {
  const pay = c.payment!;
  return {
    orderId: c._id,
    customerId: c.customerId,
    RecieptNo: pay.RecieptNo,
    PaymentType: pay.PaymentType,
    amountCents: c.amountCents,
    captureId: pay.captureId,
    at: at.toISOString(),
  };
}
