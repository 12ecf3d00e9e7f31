/**
 * Identity calls of the web app, at their documented paths (spec 000 section 7, spec 001
 * section 7, plus the added logout, me and password-reset calls).
 */
import type { AdminAnswer, CustomerAnswer, DeliveryAddress, OrgSellerAnswer, SellerRequestAnswer } from '@market/contracts';
import type { BodyOf } from '@market/contracts/client';
import { api, gateway, type FormBody, type Page } from './client';

/** The wire shapes are the documented answer schemas (packages/contracts/src/identity-answers.ts). */
export type Customer = CustomerAnswer;

export type SellerRequest = SellerRequestAnswer;

export type OrgSeller = OrgSellerAnswer;

export type Admin = AdminAnswer;

export type Kind = 'customer' | 'seller' | 'admin';
type Message = { message: string };

type Prefix = '/Customer' | '/orgSeller' | '/Admin';
type ResetBody = BodyOf<'post', '/Customer/resetPassword' | '/orgSeller/resetPassword'>;

export const identityApi = {
  // customers
  registerCustomer: (body: FormBody<BodyOf<'post', '/Customer/add'>>) =>
    gateway.call('post', '/Customer/add', { body: body as BodyOf<'post', '/Customer/add'> }),
  loginCustomer: (username: string, password: string, rememberMe: boolean) =>
    gateway.call('post', '/Customer/loginCustomer', { body: { username, password, rememberMe } }),
  customerMe: () => gateway.call('get', '/Customer/me'),
  getCustomer: (id: string) => gateway.call('get', '/Customer/get/{id}', { params: { id } }),
  listCustomers: (q: string, page: number, limit = 10) =>
    gateway.call('get', '/Customer/getAll', { query: { q, page, limit } }) as Promise<Page<Customer>>,
  updateCustomer: (id: string, body: FormBody<BodyOf<'put', '/Customer/update/{id}'>>) =>
    gateway.call('put', '/Customer/update/{id}', { params: { id }, body: body as BodyOf<'put', '/Customer/update/{id}'> }),
  /** Checks the signed-in customer's password (the delete screen's first step; counts toward the login lockout). */
  checkCustomerPassword: (password: string) => gateway.call('post', '/Customer/checkPassword', { body: { password } }),
  // the own address book (issue 29): every write names the book version it was based on
  addressBook: () => gateway.call('get', '/Customer/addresses'),
  addAddress: (version: number, address: DeliveryAddress, makeDefault = false) =>
    gateway.call('post', '/Customer/addresses', { body: { version, address, makeDefault } }),
  editAddress: (addressId: string, version: number, address: DeliveryAddress) =>
    gateway.call('put', '/Customer/addresses/{addressId}', { params: { addressId }, body: { version, address } }),
  removeAddress: (addressId: string, version: number) =>
    gateway.call('delete', '/Customer/addresses/{addressId}', { params: { addressId }, query: { version } }),
  makeDefaultAddress: (addressId: string, version: number) =>
    gateway.call('put', '/Customer/addresses/{addressId}/default', { params: { addressId }, body: { version } }),
  deleteCustomer: (id: string, password?: string) =>
    gateway.call('delete', '/Customer/delete/{id}', {
      params: { id },
      body: (password === undefined ? {} : { password }) as BodyOf<'delete', '/Customer/delete/{id}'>,
    }),

  /**
   * The signed-in account's language (issue 33 item 1, `PUT /Account/language`), naming the account
   * version it was chosen on: 200 `{ language, version }`; 409 (code `stale-version`) when the
   * account changed since.
   */
  setAccountLanguage: (language: 'en' | 'si' | 'ta', version: number) =>
    api<{ language: 'en' | 'si' | 'ta'; version: number }>('PUT', '/Account/language', { language, version }),

  // seller requests and sellers
  applyAsSeller: (body: FormBody<BodyOf<'post', '/seller/add'>>) =>
    gateway.call('post', '/seller/add', { body: body as BodyOf<'post', '/seller/add'> }),
  listSellerRequests: (q: string, page: number, limit = 10) =>
    gateway.call('get', '/seller/get', { query: { q, page, limit } }) as Promise<Page<SellerRequest>>,
  getSellerRequest: (id: string) => gateway.call('get', '/seller/get/{id}', { params: { id } }),
  acceptSellerRequest: (requestId: string) => gateway.call('post', '/orgseller/add', { body: { requestId } }),
  declineSellerRequest: (id: string) => gateway.call('delete', '/seller/delete/{id}', { params: { id } }),
  listSellers: (q: string, page: number, requestDelete?: boolean, limit = 10) =>
    gateway.call('get', '/orgseller/get', {
      query: { q, page, limit, requestDelete: requestDelete === undefined ? undefined : requestDelete ? 'true' : 'false' },
    }) as Promise<Page<OrgSeller>>,
  /** A seller: the admin's full view (others get the public face of the same schema). */
  getSeller: (id: string) => gateway.call('get', '/orgSeller/get/{id}', { params: { id } }) as Promise<OrgSeller>,
  /**
   * An admin suspends (with a reason) or reinstates a customer or seller (issue 30 item 10),
   * naming the account version the screen shows; a changed account answers 409.
   */
  setSuspended: (kind: 'customer' | 'seller' | 'admin', id: string, suspend: boolean, version: number, reason: string) => {
    const body = { version, reason };
    if (kind === 'admin') return gateway.call('put', suspend ? '/Admin/disable/{id}' : '/Admin/enable/{id}', { params: { id }, body });
    if (kind === 'customer')
      return gateway.call('put', suspend ? '/Customer/suspend/{id}' : '/Customer/reinstate/{id}', { params: { id }, body });
    return gateway.call('put', suspend ? '/orgSeller/suspend/{id}' : '/orgSeller/reinstate/{id}', { params: { id }, body });
  },
  sellerMe: () => gateway.call('get', '/orgSeller/me'),
  loginSeller: (username: string, password: string, rememberMe: boolean) =>
    gateway.call('post', '/orgSeller/loginSeller', { body: { username, password, rememberMe } }),
  updateSeller: (id: string, body: FormBody<BodyOf<'put', '/orgSeller/update/{id}'>>) =>
    gateway.call('put', '/orgSeller/update/{id}', { params: { id }, body: body as BodyOf<'put', '/orgSeller/update/{id}'> }),
  changeSellerPassword: (id: string, body: FormBody<BodyOf<'put', '/orgSeller/ChangePwd/{id}'>>) =>
    gateway.call('put', '/orgSeller/ChangePwd/{id}', { params: { id }, body: body as BodyOf<'put', '/orgSeller/ChangePwd/{id}'> }),
  setDeletionRequest: (id: string, requestDelete: boolean) =>
    gateway.call('put', '/orgseller/reqDel/{id}', { params: { id }, body: { requestDelete } }),
  deleteSeller: (id: string) => gateway.call('delete', '/orgSeller/delete/{id}', { params: { id } }),

  // admins
  loginAdmin: (username: string, password: string) => gateway.call('post', '/Admin/loginAdmin', { body: { username, password } }),
  adminMe: () => gateway.call('get', '/Admin/me'),
  listAdmins: (page: number, limit = 20) => gateway.call('get', '/Admin/getAllAdmins', { query: { page, limit } }) as Promise<Page<Admin>>,
  addAdmin: (body: FormBody<BodyOf<'post', '/Admin/addAdmin'>>) =>
    gateway.call('post', '/Admin/addAdmin', { body: body as BodyOf<'post', '/Admin/addAdmin'> }),

  // sessions and password reset
  logout: (kind: Kind) => gateway.call('post', `${prefixOf(kind)}/logout`) as Promise<Message>,
  forgotPassword: (kind: 'customer' | 'seller', email: string) =>
    gateway.call('post', `${prefixOf(kind)}/forgotPassword` as `${'/Customer' | '/orgSeller'}/forgotPassword`, { body: { email } }),
  verifyCode: (kind: 'customer' | 'seller', email: string, code: string) =>
    gateway.call('post', `${prefixOf(kind)}/verifyCode` as `${'/Customer' | '/orgSeller'}/verifyCode`, { body: { email, code } }),
  /** The body is the customer's or the seller's reset schema (their password rules differ). */
  resetPassword: (kind: 'customer' | 'seller', body: FormBody<ResetBody>) =>
    gateway.call('post', `${prefixOf(kind)}/resetPassword` as `${'/Customer' | '/orgSeller'}/resetPassword`, { body: body as ResetBody }),
};

function prefixOf(kind: Kind): Prefix {
  return kind === 'customer' ? '/Customer' : kind === 'seller' ? '/orgSeller' : '/Admin';
}
