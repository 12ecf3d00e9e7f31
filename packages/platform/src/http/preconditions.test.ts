import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../errors';
import { staleWrite, writeBase } from './preconditions';

const BAD = 'If-Match must be the version you loaded';
const req = (ifMatch?: string) => ({ get: (h: string) => (h.toLowerCase() === 'if-match' ? ifMatch : undefined) }) as unknown as Request;

describe('writeBase', () => {
  it('reads the version from If-Match (strong, weak or bare) or from the body', () => {
    expect(writeBase(req('"3"'), undefined, BAD)).toEqual({ version: 3, via: 'If-Match' });
    expect(writeBase(req('W/"12"'), undefined, BAD)).toEqual({ version: 12, via: 'If-Match' });
    expect(writeBase(req('7'), 7, BAD)).toEqual({ version: 7, via: 'If-Match' });
    expect(writeBase(req(), 5, BAD)).toEqual({ version: 5, via: 'version' });
    expect(writeBase(req(), undefined, BAD)).toEqual({ version: null, via: null });
    expect(writeBase(req('*'), undefined, BAD)).toEqual({ version: null, via: null });
  });

  it('refuses an unreadable If-Match, or one that disagrees with the body, with a 400', () => {
    for (const bad of ['"abc"', '"0"', 'W/"x"', '"1", "2"', '"99999999999999999"']) {
      const err = (() => {
        try {
          writeBase(req(bad), undefined, BAD);
        } catch (e) {
          return e;
        }
      })();
      expect(err, bad).toBeInstanceOf(HttpError);
      expect((err as HttpError).status).toBe(400);
    }
    expect(() => writeBase(req('"3"'), 4, BAD)).toThrow(BAD);
  });

  it('answers a stale write 412 for If-Match and 409 for a body version', () => {
    expect(staleWrite('changed', { version: 3, via: 'If-Match' }).status).toBe(412);
    expect(staleWrite('changed', { version: 3, via: 'version' }).status).toBe(409);
    expect(staleWrite('changed', { version: 3, via: 'version' }).fields).toEqual({ version: 'changed' });
  });
});
