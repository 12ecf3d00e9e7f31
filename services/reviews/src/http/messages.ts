/**
 * Contact messages (spec 000 and 001 section 7 "Messages"; issue 6; DESIGN.md section 6 "seller
 * messages screen fixed to one seller id" → the signed-in seller's own): `POST /contact/add`
 * (customer → admin), `GET /contact/get` and `DELETE /contact/delete/{id}` (admin),
 * `POST /contactsel/add` (customer → an existing seller), `GET /contactsel/get` and
 * `DELETE /contactsel/delete/{id}` (the signed-in seller's own). Messages are stored and answered
 * as the plain text sent; the gateway rate-limits the two senders.
 */
import { ContactSchema, ContactSellerSchema, type ContactView } from '@market/contracts';
import { listBody, notFound, objectIdParam, pageRequest, requireCaller } from '@market/platform';
import { Router } from 'express';
import { Types, type Model } from 'mongoose';
import type { ReadModels } from '../store/readModels';
import type { MessageDoc } from '../store/messages';

export function messageRoutes(contact: Model<MessageDoc>, contactsel: Model<MessageDoc>, rm: ReadModels): Router {
  const r = Router();

  async function views(rows: MessageDoc[]): Promise<ContactView[]> {
    const customers = await rm.customers.find({ _id: { $in: [...new Set(rows.map((m) => m.customerid))] } }).lean();
    const image = new Map(customers.map((c) => [c._id, c.deleted ? '' : c.userImage]));
    return rows.map((m) => ({
      _id: String(m._id),
      name: m.name,
      email: m.email,
      message: m.message,
      customerid: m.customerid,
      ...(m.sellerid ? { sellerid: m.sellerid } : {}),
      customerImage: image.get(m.customerid) ?? '',
      createdAt: m.createdAt.toISOString(),
    }));
  }

  r.post('/contact/add', async (req, res) => {
    const caller = requireCaller(req, 'customer');
    const body = ContactSchema.parse(req.body);
    const doc = await contact.create({
      _id: new Types.ObjectId(),
      name: body.name,
      email: body.email,
      message: body.message,
      customerid: caller.id,
      createdAt: new Date(),
    });
    res.status(201).json((await views([doc.toObject()]))[0]);
  });

  r.get('/contact/get', async (req, res) => {
    requireCaller(req, 'admin');
    const page = pageRequest(req.query);
    const [rows, total] = await Promise.all([
      contact.find({}).sort({ createdAt: -1 }).skip(page.skip).limit(page.limit).lean<MessageDoc[]>(),
      contact.countDocuments({}),
    ]);
    res.json(listBody(page, await views(rows), total));
  });

  r.delete('/contact/delete/:id', async (req, res) => {
    requireCaller(req, 'admin');
    const gone = await contact.deleteOne({ _id: objectIdParam(req.params.id) });
    if (gone.deletedCount === 0) throw notFound();
    res.json({ message: 'Successfully Deleted' });
  });

  r.post('/contactsel/add', async (req, res) => {
    const caller = requireCaller(req, 'customer');
    const body = ContactSellerSchema.parse(req.body);
    const seller = await rm.sellers.findById(body.sellerid).lean();
    if (!seller || seller.deleted) throw notFound('Seller not found');
    const doc = await contactsel.create({
      _id: new Types.ObjectId(),
      name: body.name,
      email: body.email,
      message: body.message,
      customerid: caller.id,
      sellerid: body.sellerid,
      createdAt: new Date(),
    });
    res.status(201).json((await views([doc.toObject()]))[0]);
  });

  r.get('/contactsel/get', async (req, res) => {
    const caller = requireCaller(req, 'seller');
    const page = pageRequest(req.query);
    const filter = { sellerid: caller.id };
    const [rows, total] = await Promise.all([
      contactsel.find(filter).sort({ createdAt: -1 }).skip(page.skip).limit(page.limit).lean<MessageDoc[]>(),
      contactsel.countDocuments(filter),
    ]);
    res.json(listBody(page, await views(rows), total));
  });

  r.delete('/contactsel/delete/:id', async (req, res) => {
    const caller = requireCaller(req, 'seller');
    const doc = await contactsel.findById(objectIdParam(req.params.id)).lean<MessageDoc>();
    if (!doc || doc.sellerid !== caller.id) throw notFound();
    await contactsel.deleteOne({ _id: doc._id });
    res.json({ message: 'Successfully Deleted' });
  });

  return r;
}
