/**
 * Seller onboarding (spec 001 sections 4-7): a company applies, an admin accepts or declines.
 *
 * - `applyAsSeller` (`POST /seller/add`, public): stores the request with SellerRequested and
 *   e-mails the applicant that it was received. 409 SELLER_EXISTS when an org seller or another
 *   request has the e-mail (case-insensitive, `emailKey`).
 * - `approveSellerRequest` (`POST /orgseller/add { requestId }`, admin): the org seller is
 *   created from the request under the SAME id (one event stream, store/sellers.ts) with a
 *   generated username and a 25-character password (spec 001 section 9), SellerApproved is
 *   recorded, the credentials are e-mailed (template `seller-credentials`) and the request is
 *   marked done. A retry after a crash finds the org seller created and only renews and
 *   e-mails the password. 404 when the request no longer exists, 409 SELLER_EXISTS.
 * - `declineSellerRequest` (`DELETE /seller/delete/{id}`, admin): the request is marked declined
 *   with SellerDeclined (compare-and-set; 409 STALE when it changed meanwhile) and the applicant
 *   is told. 404 when it no longer exists.
 *
 * Requests and sellers are read by `_id`; the admin search index is synced after each change.
 */
import type { SellerRequestSchema } from '@market/contracts';
import { conflict, isDuplicateKey, notFound, updateAggregate } from '@market/platform';
import { Types } from 'mongoose';
import type { z } from 'zod';
import { generatedPassword, suggestedUsername } from '../domain/codes';
import { hashPassword } from '../domain/passwords';
import { sendEmail } from '../events/emailJobs';
import { sellerEvent, sellerRefEvent } from '../events/identityEvents';
import type { IdentityDeps } from '../deps';
import type { OrgSellerDoc, SellerRequestDoc } from '../store/sellers';
import { SELLER_EXISTS, STALE } from './own';

/** Generated seller password length (spec 001 section 9). */
export const SELLER_PASSWORD_LENGTH = 25;

type OnboardingDeps = Pick<IdentityDeps, 'sellerRequests' | 'orgSellers' | 'relay' | 'emailQueue' | 'search' | 'config'>;

/** Stores a company's request (the parsed SellerRequestSchema body); answers it as stored. */
export async function applyAsSeller(
  d: Pick<OnboardingDeps, 'sellerRequests' | 'orgSellers' | 'relay' | 'emailQueue'>,
  body: z.output<typeof SellerRequestSchema>,
): Promise<SellerRequestDoc> {
  const emailKey = body.email.toLowerCase();
  if (await d.orgSellers.exists({ emailKey })) throw conflict(SELLER_EXISTS, { email: SELLER_EXISTS });
  const doc = {
    _id: new Types.ObjectId(),
    ...body,
    logo: body.logo ?? '',
    emailKey,
    createdAt: new Date(),
    deleted: false,
    aggregateVersion: 1,
  };
  try {
    await d.sellerRequests.create({ ...doc, pendingEvents: [sellerEvent('SellerRequested', doc as SellerRequestDoc, 1)] });
  } catch (err) {
    if (isDuplicateKey(err)) throw conflict(SELLER_EXISTS, { email: SELLER_EXISTS });
    throw err;
  }
  d.relay.nudge();
  await sendEmail(d.emailQueue, body.email, {
    template: 'seller-request-received',
    data: { name: body.ownername, companyname: body.companyname },
  });
  return doc as SellerRequestDoc;
}

/**
 * Declines request `id`: the request goes, the applicant is told.
 * @param adminId - the deciding admin, recorded on SellerDeclined for the audit log (issue 30 item 10)
 */
export async function declineSellerRequest(d: OnboardingDeps, id: Types.ObjectId, adminId?: string): Promise<void> {
  const doc = await d.sellerRequests.findOne({ _id: id, deleted: { $ne: true } }).lean<SellerRequestDoc>();
  if (!doc) throw notFound();
  const written = await updateAggregate(
    d.sellerRequests,
    id,
    doc.aggregateVersion,
    { $set: { deleted: true, emailKey: `declined:${String(id)}` } },
    (v) => [sellerRefEvent('SellerDeclined', String(id), v, adminId ? { adminId } : undefined)],
  );
  if (!written) throw conflict(STALE);
  await d.search.sync('seller', String(id));
  d.relay.nudge();
  await sendEmail(d.emailQueue, doc.email, {
    template: 'seller-request-declined',
    data: { name: doc.ownername, companyname: doc.companyname },
  });
}

/**
 * Accepts request `id`: answers the org seller made from it (its credentials e-mailed).
 * @param adminId - the deciding admin, recorded on SellerApproved for the audit log (issue 30 item 10)
 */
export async function approveSellerRequest(d: OnboardingDeps, id: Types.ObjectId, adminId?: string): Promise<OrgSellerDoc> {
  const request = await d.sellerRequests.findOne({ _id: id, deleted: { $ne: true } }).lean<SellerRequestDoc>();
  if (!request) throw notFound('This seller request no longer exists');
  const password = generatedPassword(SELLER_PASSWORD_LENGTH);
  const hash = await hashPassword(password);
  // The org seller keeps the request's id, so the seller's events form one stream. A retry after
  // a crash finds it already created and only renews the password it e-mails.
  let seller = await d.orgSellers.findById(id).lean<OrgSellerDoc>();
  if (!seller) {
    const username = suggestedUsername(request.companyname);
    const doc = {
      _id: id,
      ownername: request.ownername,
      mobile: request.mobile,
      companyname: request.companyname,
      address: request.address,
      year: request.year,
      email: request.email,
      emailKey: request.emailKey,
      description: request.description,
      logo: request.logo,
      username,
      usernameKey: username.toLowerCase(),
      password: hash,
      requestDelete: false,
      acceptedDate: new Date(),
      deleted: false,
      aggregateVersion: request.aggregateVersion + 1,
    };
    try {
      await d.orgSellers.create({
        ...doc,
        pendingEvents: [sellerEvent('SellerApproved', doc as OrgSellerDoc, doc.aggregateVersion, adminId ? { adminId } : undefined)],
      });
    } catch (err) {
      if (isDuplicateKey(err)) throw conflict(SELLER_EXISTS, { email: SELLER_EXISTS });
      throw err;
    }
    seller = doc as OrgSellerDoc;
  } else {
    await d.orgSellers.updateOne({ _id: id }, { $set: { password: hash } });
  }
  d.relay.nudge();
  await sendEmail(
    d.emailQueue,
    seller.email,
    {
      template: 'seller-credentials',
      data: {
        name: seller.ownername,
        companyname: seller.companyname,
        username: seller.username,
        password,
        loginUrl: `${d.config.WEB_URL}/SellerLogin`,
      },
    },
    `seller-credentials-${String(id)}-${Date.now()}`,
  );
  // The request is done; its stream continues on the org seller. It is only marked, so an
  // unpublished SellerRequested still goes out; the relay removes it afterwards.
  await d.sellerRequests.updateOne({ _id: id }, { $set: { deleted: true, emailKey: `accepted:${String(id)}` } });
  await d.search.sync('seller', String(id));
  return seller;
}
