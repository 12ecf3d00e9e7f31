import { describe, expect, it } from 'vitest';
import { resolveService } from './routes';

describe('gateway route table', () => {
  it.each([
    ['/Customer/loginCustomer', 'identity'],
    ['/customer/update/abc', 'identity'],
    ['/Customer/Update/abc', 'identity'],
    ['/orgseller/get', 'identity'],
    ['/orgSeller/get/abc', 'identity'],
    ['/seller/add', 'identity'],
    ['/Admin/getAllAdmins', 'identity'],
    ['/Admin/dashboard', 'reporting'],
    ['/items/getItems', 'catalogue'],
    ['/Packages/getPackage/1', 'catalogue'],
    ['/images/abc.webp', 'catalogue'],
    ['/wishlist/getByCustomerID/1', 'cart'],
    ['/ShoppingCart/getOneCart/1', 'cart'],
    ['/paymentdetails/get', 'ordering'],
    ['/Orders/getOrders', 'ordering'],
    ['/PackageOrders/getOrders', 'ordering'],
    ['/orderhistory/get/1', 'ordering'],
    ['/customerOrders/getCusOrder', 'ordering'],
    ['/paypal-transaction-complete', 'ordering'],
    ['/checkout/session', 'ordering'],
    ['/review/get', 'reviews'],
    ['/contact/add', 'reviews'],
    ['/contactsel/get', 'reviews'],
    ['/Customer/create-pdf', 'reporting'],
    ['/orgSeller/fetch-pdf', 'reporting'],
    ['/items/create-pdf', 'reporting'],
    ['/Packages/fetch-pdf', 'reporting'],
    ['/orderhistory/create-pdf', 'reporting'],
    ['/Orders/packing-slip/create-pdf', 'reporting'],
    ['/Orders/packing-slip/fetch-pdf', 'reporting'],
    ['/review/fetch-pdf', 'reporting'],
    ['/items/fetch-csv', 'reporting'],
    ['/Customer/fetch-csv', 'reporting'],
    ['/reports/123', 'reporting'],
  ])('%s → %s', (path, service) => {
    expect(resolveService(path)).toBe(service);
  });

  it('does not match look-alike prefixes or unknown paths', () => {
    expect(resolveService('/Customers')).toBeNull();
    expect(resolveService('/itemsX/get')).toBeNull();
    expect(resolveService('/')).toBeNull();
    expect(resolveService('/etc/passwd')).toBeNull();
    // contactsel is its own prefix, not contact + "sel"
    expect(resolveService('/contactsel')).toBe('reviews');
  });
});
