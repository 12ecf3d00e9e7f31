/**
 * The catalogue slice's operations so far (spec 000 and 001 section 7; issue 4).
 */
import type { ApiOperation } from './api';
import { DiscountSchema, ItemCreateSchema, ItemListQuerySchema, ItemUpdateSchema } from './catalogue';
import { PageQuerySchema } from './paging';

const notYours = 'Absent, or not yours';

export const CATALOGUE_OPERATIONS: ApiOperation[] = [
  {
    method: 'get',
    path: '/items/getItems',
    tag: 'Items',
    summary: 'Items: search (name, brand, model; +SKU with mine=true), category, brand, price band on FinalPrice, rating, seller, discounted, available, sort, paging',
    audience: ['public'],
    query: ItemListQuerySchema.extend(PageQuerySchema.shape),
    responses: { 200: 'Array (documented shape), or `{ items, total, page, limit }` with page/limit', 400: 'Bad filter' },
  },
  { method: 'get', path: '/items/get/{id}', tag: 'Items', summary: 'An item', audience: ['public'], responses: { 200: 'The item', 404: 'Not found' } },
  { method: 'get', path: '/items/skuAvailable/{sku}', tag: 'Items', summary: 'Whether a SKU is free (live check of the add form)', audience: ['seller'], added: true, responses: { 200: '`{ available, message }`' } },
  { method: 'post', path: '/items/addItems', tag: 'Items', summary: 'Add an item (the seller is the caller)', audience: ['seller'], body: ItemCreateSchema, responses: { 201: 'The item', 400: '`{ error, fields }`', 409: 'This Stock keeping unit is Already in use!' } },
  { method: 'put', path: '/items/update/{id}', tag: 'Items', summary: 'Edit the own item (Model and SKU read-only)', audience: ['seller'], body: ItemUpdateSchema, responses: { 200: 'The item', 400: '`{ error, fields }`', 404: notYours } },
  { method: 'put', path: '/items/updateDiscount/{id}', tag: 'Items', summary: 'Set (1-80 %) or revoke a discount; FinalPrice computed by the server', audience: ['seller'], body: DiscountSchema, responses: { 200: 'The item', 400: 'Discount should be with in a range of minimum 1% & maximum 80%', 404: notYours } },
  { method: 'delete', path: '/items/delete/{id}', tag: 'Items', summary: 'Delete the own item (or any, as admin)', audience: ['seller', 'admin'], responses: { 200: 'Your Item has been deleted.', 404: notYours } },
  {
    method: 'post',
    path: '/images/upload',
    tag: 'Images',
    summary: 'Upload one image (multipart field `image`: png, jpg, jpeg or webp, at most 5 MB); stored as webp with a thumbnail',
    audience: ['public'],
    added: true,
    responses: { 201: '`{ name, thumbnail }`', 400: 'Image Required! / not an image', 413: 'Image must be 5 MB or smaller', 429: 'Too many uploads' },
  },
  { method: 'get', path: '/images/{name}', tag: 'Images', summary: 'A stored image (cached for a year)', audience: ['public'], added: true, responses: { 200: 'image/webp', 404: 'Image not found' } },
];

