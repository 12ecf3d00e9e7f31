/**
 * Identity calls of the web app, at their documented paths (spec 000 section 7, spec 001
 * section 7; issue 3 for the added logout, me and password-reset calls).
 */
import type { AdminAnswer, CustomerAnswer, OrgSellerAnswer, SellerRequestAnswer } from '@market/contracts';
import { api, query, type Page } from './client';

/** The wire shapes are the documented answer schemas (packages/contracts/src/identity-answers.ts). */
export type Customer = CustomerAnswer;

export type SellerRequest = SellerRequestAnswer;

export type OrgSeller = OrgSellerAnswer;

export type Admin = AdminAnswer;

export type Kind = 'customer' | 'seller' | 'admin';
type Message = { message: string };

export const identityApi = {
  // customers
  registerCustomer: (body: Record<string, unknown>) => api<Customer>('POST', '/Customer/add', body),
  loginCustomer: (username: string, password: string, rememberMe: boolean) =>
    api<{ customerLogin: Customer }>('POST', '/Customer/loginCustomer', { username, password, rememberMe }),
  customerMe: () => api<Customer>('GET', '/Customer/me'),
  getCustomer: (id: string) => api<Customer>('GET', `/Customer/get/${encodeURIComponent(id)}`),
  listCustomers: (q: string, page: number, limit = 10) => api<Page<Customer>>('GET', `/Customer/getAll${query({ q, page, limit })}`),
  updateCustomer: (id: string, body: Record<string, unknown>) => api<Customer>('PUT', `/Customer/update/${encodeURIComponent(id)}`, body),
  /** Checks the signed-in customer's password (the delete screen's first step; counts toward the login lockout). */
  checkCustomerPassword: (password: string) => api<Message>('POST', '/Customer/checkPassword', { password }),
  deleteCustomer: (id: string, password?: string) =>
    api<Message>('DELETE', `/Customer/delete/${encodeURIComponent(id)}`, password === undefined ? {} : { password }),

  // seller requests and sellers
  applyAsSeller: (body: Record<string, unknown>) => api<SellerRequest>('POST', '/seller/add', body),
  listSellerRequests: (q: string, page: number, limit = 10) => api<Page<SellerRequest>>('GET', `/seller/get${query({ q, page, limit })}`),
  getSellerRequest: (id: string) => api<SellerRequest>('GET', `/seller/get/${encodeURIComponent(id)}`),
  acceptSellerRequest: (requestId: string) => api<OrgSeller>('POST', '/orgseller/add', { requestId }),
  declineSellerRequest: (id: string) => api<Message>('DELETE', `/seller/delete/${encodeURIComponent(id)}`),
  listSellers: (q: string, page: number, requestDelete?: boolean, limit = 10) =>
    api<Page<OrgSeller>>('GET', `/orgseller/get${query({ q, page, limit, requestDelete })}`),
  getSeller: (id: string) => api<OrgSeller>('GET', `/orgSeller/get/${encodeURIComponent(id)}`),
  sellerMe: () => api<OrgSeller>('GET', '/orgSeller/me'),
  loginSeller: (username: string, password: string, rememberMe: boolean) =>
    api<{ sellerLogin: OrgSeller }>('POST', '/orgSeller/loginSeller', { username, password, rememberMe }),
  updateSeller: (id: string, body: Record<string, unknown>) => api<OrgSeller>('PUT', `/orgSeller/update/${encodeURIComponent(id)}`, body),
  changeSellerPassword: (id: string, body: Record<string, unknown>) =>
    api<Message>('PUT', `/orgSeller/ChangePwd/${encodeURIComponent(id)}`, body),
  setDeletionRequest: (id: string, requestDelete: boolean) =>
    api<OrgSeller>('PUT', `/orgseller/reqDel/${encodeURIComponent(id)}`, { requestDelete }),
  deleteSeller: (id: string) => api<Message>('DELETE', `/orgSeller/delete/${encodeURIComponent(id)}`),

  // admins
  loginAdmin: (username: string, password: string) => api<{ adminLogin: Admin }>('POST', '/Admin/loginAdmin', { username, password }),
  adminMe: () => api<Admin>('GET', '/Admin/me'),
  listAdmins: (page: number, limit = 20) => api<Page<Admin>>('GET', `/Admin/getAllAdmins${query({ page, limit })}`),
  addAdmin: (body: Record<string, unknown>) => api<Admin>('POST', '/Admin/addAdmin', body),

  // sessions and password reset
  logout: (kind: Kind) => api<Message>('POST', `${prefixOf(kind)}/logout`),
  forgotPassword: (kind: 'customer' | 'seller', email: string) => api<Message>('POST', `${prefixOf(kind)}/forgotPassword`, { email }),
  verifyCode: (kind: 'customer' | 'seller', email: string, code: string) =>
    api<Message>('POST', `${prefixOf(kind)}/verifyCode`, { email, code }),
  resetPassword: (kind: 'customer' | 'seller', body: Record<string, unknown>) =>
    api<Message>('POST', `${prefixOf(kind)}/resetPassword`, body),
};

function prefixOf(kind: Kind): string {
  return kind === 'customer' ? '/Customer' : kind === 'seller' ? '/orgSeller' : '/Admin';
}
