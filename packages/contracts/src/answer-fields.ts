/**
 * Field schemas the answer schemas of every slice share (`*-answers.ts`, `ApiOperation.response`;
 * docs/architecture.md, Validation): ids, times and money as they are on the wire.
 */
import { z } from 'zod';

/** A MongoDB ObjectId as its 24 lower-case hex characters (services answer ids in that case). */
export const objectIdAnswer = z
  .string()
  .regex(/^[0-9a-f]{24}$/)
  .describe('MongoDB ObjectId, 24 lower-case hex characters');

/** A UTC time as `Date.toISOString()` writes it. */
export const utcTimeAnswer = z.iso.datetime().describe('ISO 8601 UTC date-time');

/**
 * An amount of LKR rupees with at most two decimals (services keep integer cents and divide by
 * 100 on the way out; docs/architecture.md, Money).
 *
 * @param what - what the amount is, for the document's description
 */
export const rupeesAnswer = (what: string) => z.number().describe(`${what}, LKR rupees (at most two decimals)`);
