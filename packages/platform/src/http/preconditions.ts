/**
 * Optimistic concurrency on the wire: an update names the aggregate version it
 * was based on, either as a `version` field of its body or as an `If-Match` header holding the
 * version the read answered as its `ETag` (`"3"`; a weak `W/"3"` and a bare `3` are accepted too,
 * `*` means "any version"). The service's compare-and-set (`updateAggregate`, filter `_id` plus
 * `aggregateVersion`) then writes only while the aggregate is still at that version; a stale write
 * answers 409 (body `version`) or 412 Precondition Failed (`If-Match`, RFC 9110 section 13.1.1)
 * and changes nothing.
 */
import type { Request, Response } from 'express';
import { HttpError, badRequest } from '../errors';

/** What an update says it was based on. */
export interface WriteBase {
  /** The aggregate version the writer loaded; null when the request names none (or `If-Match: *`). */
  version: number | null;
  /** Where it came from: decides 412 (`If-Match`) or 409 (`version`) for a stale write. */
  via: 'If-Match' | 'version' | null;
}

/**
 * Reads the version an update is based on.
 * @param bodyVersion - the body's `version` field, already validated (positive integer) or absent
 * @param badIfMatch - the 400 message for an `If-Match` that is not a version
 * @returns the version and where it came from; `{ version: null, via: null }` without either
 * @throws HttpError 400 for an unreadable `If-Match`, or one that disagrees with the body's `version`
 */
export function writeBase(req: Request, bodyVersion: number | undefined, badIfMatch: string): WriteBase {
  const header = req.get('if-match')?.trim();
  if (header !== undefined && header !== '') {
    if (header === '*') return { version: bodyVersion ?? null, via: bodyVersion === undefined ? null : 'version' };
    const m = /^(?:W\/)?"?([1-9]\d{0,14})"?$/.exec(header);
    if (!m) throw badRequest(badIfMatch, { 'If-Match': badIfMatch });
    const version = Number(m[1]);
    if (bodyVersion !== undefined && bodyVersion !== version) throw badRequest(badIfMatch, { version: badIfMatch });
    return { version, via: 'If-Match' };
  }
  return bodyVersion === undefined ? { version: null, via: null } : { version: bodyVersion, via: 'version' };
}

/** The refusal of a stale write: 412 when the version came as `If-Match`, else 409. */
export function staleWrite(message: string, base: WriteBase): HttpError {
  return new HttpError(base.via === 'If-Match' ? 412 : 409, message, { version: message });
}

/** Sets the answer's `ETag` to the aggregate version (strong, quoted: `"3"`). */
export function setVersionTag(res: Response, version: number): void {
  res.setHeader('ETag', `"${version}"`);
}
