/**
 * `GET /Admin/audit` (issue 30 item 10): a page of the audit log of admin decisions, newest first,
 * filtered by admin, action, target and Sri Lanka days (contracts' AuditQuerySchema), from the
 * audit index (domain/audit.ts; fed by events/auditProjection.ts). Admins only (403 otherwise).
 */
import { AuditQuerySchema, type AuditEntryAnswer } from '@market/contracts';
import { pageRequest, requireCaller, searchPage, sendList, type SearchIndex } from '@market/platform';
import { Router } from 'express';
import { auditSearch } from '../domain/audit';

export function auditRoutes(audit: SearchIndex): Router {
  const r = Router();
  r.get('/Admin/audit', async (req, res) => {
    requireCaller(req, 'admin');
    const { page: _p, limit: _l, ...filters } = AuditQuerySchema.parse(req.query);
    // Always paged: the log only grows.
    const page = pageRequest({ page: '1', limit: '20', ...req.query });
    const { views, total } = await searchPage(audit, auditSearch(filters), page);
    sendList(res, page, views as AuditEntryAnswer[], total);
  });
  return r;
}
