/** Model-based test of the cart lines (planCart, normalCartWrite, withoutLines) against a Map model: duplicates refused, new lines available and at 1, quantities 1-200 (spec 000 section 4, contracts' CartWriteSchema). */
import {
  CartWriteSchema,
  ITEM_IN_CART,
  ITEM_QUANTITY_ZERO,
  ITEM_UNAVAILABLE,
  LINE_QUANTITY_MAX,
  MAX_LINE_QUANTITY,
  PACKAGE_IN_CART,
  PACKAGE_QUANTITY_ZERO,
  PACKAGE_UNAVAILABLE,
} from '@market/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMPTY_LINES, normalCartWrite, planCart, withoutLines, type CartLines, type Decision } from './lines';

type Kind = 'item' | 'package';

const ITEM_IDS = ['a1', 'b2', 'c3', 'd4', 'e5', 'f6'].map((p) => p.repeat(12));
const PACKAGE_IDS = ['01', '23', '45', '67'].map((p) => p.repeat(12));
const PRICE_CENTS = new Map([...ITEM_IDS, ...PACKAGE_IDS].map((id, i) => [id, 99_900 + i * 1_234_567]));

interface Model {
  lines: Record<Kind, Map<string, number>>;
  available: Record<Kind, Set<string>>;
}
interface Real {
  lines: CartLines;
  available: { items: Set<string>; packages: Set<string> };
}

const idsOf = (r: Real, kind: Kind) => (kind === 'item' ? r.lines.ItemIDs : r.lines.PackageIDs);
const qtyOf = (r: Real, kind: Kind) => (kind === 'item' ? r.lines.itemQty : r.lines.packageQty);
const availOf = (r: Real, kind: Kind) => (kind === 'item' ? r.available.items : r.available.packages);
/** The id as a client might send it: either case, maybe padded. */
const asSent = (id: string, shout: boolean) => (shout ? ` ${id.toUpperCase()} ` : id);

/** Sends a whole-cart write as the HTTP route does: schema, normalisation, then the plan. */
function send(r: Real, body: Record<string, unknown>): Decision<CartLines> {
  const parsed = CartWriteSchema.safeParse({ ItemIDs: r.lines.ItemIDs, PackageIDs: r.lines.PackageIDs, ...body });
  if (!parsed.success) return { ok: false, refusal: { message: parsed.error.issues[0]!.message, field: 'schema' } };
  const decision = planCart(r.lines, normalCartWrite(parsed.data), r.available);
  if (decision.ok) r.lines = decision.value;
  return decision;
}

const totalCents = (lines: Iterable<[string, number]>) => [...lines].reduce((s, [id, q]) => s + PRICE_CENTS.get(id)! * q, 0);

/** The invariants, and agreement with the model, after every command. */
function agree(m: Model, r: Real) {
  for (const kind of ['item', 'package'] as const) {
    const ids = idsOf(r, kind);
    const qty = qtyOf(r, kind);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys(qty).sort()).toEqual([...ids].sort());
    for (const q of Object.values(qty)) {
      expect(Number.isInteger(q)).toBe(true);
      expect(q).toBeGreaterThanOrEqual(1);
      expect(q).toBeLessThanOrEqual(MAX_LINE_QUANTITY);
    }
    expect(ids).toEqual([...m.lines[kind].keys()]);
    expect(qty).toEqual(Object.fromEntries(m.lines[kind]));
  }
  const real = totalCents([...Object.entries(r.lines.itemQty), ...Object.entries(r.lines.packageQty)]);
  expect(real).toBe(totalCents([...m.lines.item, ...m.lines.package]));
}

class Add implements fc.Command<Model, Real> {
  constructor(
    readonly kind: Kind,
    readonly id: string,
    readonly shout: boolean,
  ) {}
  check = () => true;
  run(m: Model, r: Real) {
    const key = this.kind === 'item' ? 'ItemIDs' : 'PackageIDs';
    const d = send(r, { [key]: [...idsOf(r, this.kind), asSent(this.id, this.shout)] });
    if (m.lines[this.kind].has(this.id))
      expect(d).toMatchObject({ ok: false, refusal: { message: this.kind === 'item' ? ITEM_IN_CART : PACKAGE_IN_CART } });
    else if (!m.available[this.kind].has(this.id))
      expect(d).toMatchObject({ ok: false, refusal: { message: this.kind === 'item' ? ITEM_UNAVAILABLE : PACKAGE_UNAVAILABLE } });
    else {
      expect(d.ok).toBe(true);
      m.lines[this.kind].set(this.id, 1);
    }
    agree(m, r);
  }
  toString = () => `add ${this.kind} ${asSent(this.id, this.shout)}`;
}

class SetQuantity implements fc.Command<Model, Real> {
  constructor(
    readonly kind: Kind,
    readonly id: string,
    readonly quantity: number,
    readonly shout: boolean,
  ) {}
  check = () => true;
  run(m: Model, r: Real) {
    const key = this.kind === 'item' ? 'ItemQuantities' : 'PackageQuantities';
    const d = send(r, { [key]: { [asSent(this.id, this.shout).trim()]: this.quantity } });
    if (this.quantity < 1)
      expect(d).toMatchObject({ ok: false, refusal: { message: this.kind === 'item' ? ITEM_QUANTITY_ZERO : PACKAGE_QUANTITY_ZERO } });
    else if (this.quantity > MAX_LINE_QUANTITY) expect(d).toMatchObject({ ok: false, refusal: { message: LINE_QUANTITY_MAX } });
    else {
      expect(d.ok).toBe(true);
      // A quantity for a line not in the cart is ignored.
      if (m.lines[this.kind].has(this.id)) m.lines[this.kind].set(this.id, this.quantity);
    }
    agree(m, r);
  }
  toString = () => `set ${this.kind} ${this.id} to ${this.quantity}`;
}

class Remove implements fc.Command<Model, Real> {
  constructor(
    readonly kind: Kind,
    readonly id: string,
  ) {}
  check = () => true;
  run(m: Model, r: Real) {
    const key = this.kind === 'item' ? 'ItemIDs' : 'PackageIDs';
    expect(send(r, { [key]: idsOf(r, this.kind).filter((id) => id !== this.id) }).ok).toBe(true);
    m.lines[this.kind].delete(this.id);
    agree(m, r);
  }
  toString = () => `remove ${this.kind} ${this.id}`;
}

/** The customer reorders the lines: quantities follow their lines. */
class Rotate implements fc.Command<Model, Real> {
  constructor(readonly by: number) {}
  check = () => true;
  run(m: Model, r: Real) {
    const rot = (ids: string[]) => ids.map((_, i) => ids[(i + this.by) % ids.length]!);
    expect(send(r, { ItemIDs: rot(r.lines.ItemIDs), PackageIDs: rot(r.lines.PackageIDs) }).ok).toBe(true);
    for (const kind of ['item', 'package'] as const)
      m.lines[kind] = new Map(rot([...m.lines[kind].keys()]).map((id) => [id, m.lines[kind].get(id)!]));
    agree(m, r);
  }
  toString = () => `rotate by ${this.by}`;
}

class Clear implements fc.Command<Model, Real> {
  check = () => true;
  run(m: Model, r: Real) {
    expect(send(r, { ItemIDs: [], PackageIDs: [] }).ok).toBe(true);
    m.lines.item.clear();
    m.lines.package.clear();
    agree(m, r);
  }
  toString = () => 'clear';
}

/** The catalogue marks an item or package (un)available: lines already in the cart stay. */
class SetAvailable implements fc.Command<Model, Real> {
  constructor(
    readonly kind: Kind,
    readonly id: string,
    readonly on: boolean,
  ) {}
  check = () => true;
  run(m: Model, r: Real) {
    for (const set of [m.available[this.kind], availOf(r, this.kind)]) {
      if (this.on) set.add(this.id);
      else set.delete(this.id);
    }
    agree(m, r);
  }
  toString = () => `${this.kind} ${this.id} ${this.on ? 'available' : 'unavailable'}`;
}

/** The catalogue deletes it, or an order confirmed it (withoutLines). */
class Drop implements fc.Command<Model, Real> {
  constructor(
    readonly kind: Kind,
    readonly id: string,
  ) {}
  check = () => true;
  run(m: Model, r: Real) {
    r.lines = this.kind === 'item' ? withoutLines(r.lines, [this.id], []) : withoutLines(r.lines, [], [this.id]);
    m.lines[this.kind].delete(this.id);
    agree(m, r);
  }
  toString = () => `drop ${this.kind} ${this.id}`;
}

const kindAndId = fc.oneof(
  fc.constantFrom(...ITEM_IDS).map((id) => ['item', id] as const),
  fc.constantFrom(...PACKAGE_IDS).map((id) => ['package', id] as const),
);
const quantity = fc.oneof(fc.integer({ min: 1, max: MAX_LINE_QUANTITY }), fc.constantFrom(-1, 0, 1, 2, 199, 200, 201, 1000));

const commands = fc.commands(
  [
    fc.tuple(kindAndId, fc.boolean()).map(([[k, id], shout]) => new Add(k, id, shout)),
    fc.tuple(kindAndId, fc.boolean()).map(([[k, id], shout]) => new Add(k, id, shout)),
    fc.tuple(kindAndId, quantity, fc.boolean()).map(([[k, id], q, shout]) => new SetQuantity(k, id, q, shout)),
    kindAndId.map(([k, id]) => new Remove(k, id)),
    fc.integer({ min: 1, max: 5 }).map((by) => new Rotate(by)),
    fc.constant(new Clear()),
    fc.tuple(kindAndId, fc.boolean()).map(([[k, id], on]) => new SetAvailable(k, id, on)),
    kindAndId.map(([k, id]) => new Drop(k, id)),
  ],
  { maxCommands: 60 },
);

describe('cart lines, model-based (property)', () => {
  it('agree with a Map model under any sequence of adds, quantity changes, removals, reorders, clears and catalogue changes', () => {
    fc.assert(
      fc.property(fc.subarray(ITEM_IDS), fc.subarray(PACKAGE_IDS), commands, (availItems, availPackages, cmds) => {
        const model: Model = {
          lines: { item: new Map(), package: new Map() },
          available: { item: new Set(availItems), package: new Set(availPackages) },
        };
        const real: Real = { lines: EMPTY_LINES, available: { items: new Set(availItems), packages: new Set(availPackages) } };
        fc.modelRun(() => ({ model, real }), cmds);
        expect(EMPTY_LINES).toEqual({ ItemIDs: [], PackageIDs: [], itemQty: {}, packageQty: {} });
      }),
      { numRuns: 200 },
    );
  });
});
