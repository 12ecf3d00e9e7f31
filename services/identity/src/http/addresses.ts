/**
 * The customer's address book on the wire (issue 29; contracts' address-book-api.ts):
 * `GET /Customer/addresses`, `POST /Customer/addresses`, `PUT` and `DELETE
 * /Customer/addresses/{addressId}`, `PUT /Customer/addresses/{addressId}/default`. Only the
 * signed-in customer's own book (401 without a session, 403 for sellers and admins); the book is
 * named by the session, never by the request. A stale write answers 409 `{ error, book }` with
 * the book as it is now; an unknown address 404; a full book 409.
 */
import {
  AddressAddSchema,
  AddressEditSchema,
  AddressRemovalQuerySchema,
  AddressVersionSchema,
  type AddressBookAnswer,
} from '@market/contracts';
import { HttpError, notFound, requireCaller } from '@market/platform';
import { Router, type ErrorRequestHandler, type Request, type Response } from 'express';
import { changeBook, newAddressId, readBook, type AddressBookDeps } from '../addresses/book';
import {
  addAddressAs,
  AddressBookRuleError,
  bookAnswer,
  editAddress,
  makeDefault,
  removeAddress,
  StaleAddressBook,
  type AddressBook,
} from '../domain/addressBook';

/** An address id as the book makes them (newAddressId, or the profile entry's); anything else is unknown. */
function addressIdParam(req: Request): string {
  const id = String(req.params.addressId ?? '');
  if (!/^[A-Za-z0-9-]{1,40}$/.test(id)) throw notFound('Address not found');
  return id;
}

/** The book's answer with its version as the ETag. */
function sendBook(res: Response, book: AddressBook, status = 200, extra: Record<string, unknown> = {}): void {
  const answer: AddressBookAnswer = bookAnswer(book);
  res.setHeader('ETag', `"${answer.version}"`);
  res.status(status).json({ ...extra, book: answer });
}

/** The book's own refusals: 409 with the current book, or the rule's 404 / 409. */
const bookErrors: ErrorRequestHandler = (err, _req, res, next) => {
  if (err instanceof StaleAddressBook) res.status(409).json({ error: err.message, book: bookAnswer(err.current) });
  else if (err instanceof AddressBookRuleError) next(new HttpError(err.status, err.message));
  else next(err);
};

export function addressRoutes(deps: AddressBookDeps): Router {
  const r = Router();
  const customerId = (req: Request) => requireCaller(req, 'customer').id;

  r.get('/Customer/addresses', async (req, res) => {
    const answer = bookAnswer(await readBook(deps, customerId(req)));
    res.setHeader('ETag', `"${answer.version}"`);
    res.json(answer);
  });

  r.post('/Customer/addresses', async (req, res) => {
    const id = customerId(req);
    const body = AddressAddSchema.parse(req.body ?? {});
    let addressId = '';
    const book = await changeBook(deps, id, (b) => {
      const made = addAddressAs(b, body.version, body.address, body.makeDefault === true, newAddressId);
      addressId = made.addressId;
      return made.book;
    });
    sendBook(res, book, 201, { addressId });
  });

  r.put('/Customer/addresses/:addressId', async (req, res) => {
    const id = customerId(req);
    const addressId = addressIdParam(req);
    const body = AddressEditSchema.parse(req.body ?? {});
    sendBook(res, await changeBook(deps, id, (b) => editAddress(b, body.version, addressId, body.address)));
  });

  r.delete('/Customer/addresses/:addressId', async (req, res) => {
    const id = customerId(req);
    const addressId = addressIdParam(req);
    const { version } = AddressRemovalQuerySchema.parse(req.query);
    sendBook(res, await changeBook(deps, id, (b) => removeAddress(b, version, addressId)));
  });

  r.put('/Customer/addresses/:addressId/default', async (req, res) => {
    const id = customerId(req);
    const addressId = addressIdParam(req);
    const { version } = AddressVersionSchema.parse(req.body ?? {});
    sendBook(res, await changeBook(deps, id, (b) => makeDefault(b, version, addressId)));
  });

  r.use(bookErrors);
  return r;
}
