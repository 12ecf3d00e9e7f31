/**
 * One checkout is one trace (docs/architecture.md, Events: the trace context
 * travels in the Kafka headers): with OTEL_EXPORTER_OTLP_ENDPOINT set on every process, the pay request's
 * spans from the gateway, ordering (HTTP and the StockReserved consumer) and catalogue (the
 * OrderPlaced consumer) reach an OTLP/HTTP receiver under one trace id.
 */
import { waitFor } from '@market/platform/testing';
import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogueWorld, type CatalogueWorld, decided, listedItem } from '@market/testing';

interface OtlpSpan {
  traceId: string;
  name: string;
  kind: number;
}
const spans: { service: string; span: OtlpSpan }[] = [];
let receiver: Server;
let world: CatalogueWorld;

beforeAll(async () => {
  const app = express();
  app.use(express.json({ limit: '50mb' }));
  app.post('/v1/traces', (req, res) => {
    for (const rs of req.body.resourceSpans ?? []) {
      const service = rs.resource?.attributes?.find((a: { key: string }) => a.key === 'service.name')?.value?.stringValue ?? '';
      for (const ss of rs.scopeSpans ?? []) for (const span of ss.spans ?? []) spans.push({ service, span });
    }
    res.json({});
  });
  receiver = app.listen(0, '127.0.0.1');
  await new Promise((r) => receiver.once('listening', r));
  const endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const otel = { OTEL_SDK_DISABLED: 'false', OTEL_EXPORTER_OTLP_ENDPOINT: endpoint };
  world = await startCatalogueWorld(['ordering'], otel);
}, 180_000);

afterAll(async () => {
  await world?.stack.stop();
  await new Promise<void>((r) => (receiver ? receiver.close(() => r()) : r()));
});

describe('tracing a checkout', () => {
  it('follows one pay from the gateway through ordering, Kafka and catalogue back to ordering', async () => {
    const { client: seller } = await world.newSeller();
    const { client: buyer } = await world.newCustomer();
    const itemId = await listedItem(seller, buyer, { Price: 1500 });
    const { body } = await buyer.request('post', '/checkout/session', { body: { items: [{ itemId, quantity: 1 }] } });

    const traceId = [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
    const paid = await buyer.request('post', '/paypal-transaction-complete', {
      body: { checkoutId: body.checkoutId },
      headers: { traceparent: `00-${traceId}-0123456789abcdef-01` },
    });
    expect(paid.status).toBe(200);
    expect((await decided(buyer, body.checkoutId)).status).toBe('Confirmed');

    const b64 = Buffer.from(traceId, 'hex').toString('base64');
    const inTrace = () => spans.filter((s) => s.span.traceId === traceId || s.span.traceId === b64);
    const services = await waitFor(
      async () => {
        const seen = new Set(inTrace().map((s) => s.service));
        // Each process exports its spans in its own batches, so catalogue's consumer span may come
        // after its other spans: wait for both consumer spans, not only for some span of each.
        const consumers = ['ordering', 'catalogue'].every((name) => inTrace().some((s) => s.service === name && s.span.kind === 5));
        return ['gateway', 'ordering', 'catalogue'].every((name) => seen.has(name)) && consumers ? seen : undefined;
      },
      30_000,
      200,
      `gateway, ordering and catalogue spans of trace ${traceId} (seen: ${[...new Set(spans.map((s) => s.service))].join(', ')})`,
    );
    expect([...services]).toEqual(expect.arrayContaining(['gateway', 'ordering', 'catalogue']));
    // Catalogue consumed OrderPlaced (a CONSUMER span, kind 5) within the trace.
    expect(inTrace().some((s) => s.service === 'catalogue' && s.span.kind === 5)).toBe(true);
  });
});
