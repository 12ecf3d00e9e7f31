/**
 * Random codes and generated credentials (spec 000 section 9, spec 001 section 9), drawn from a
 * cryptographic source (node:crypto `randomInt`), never `Math.random`.
 *
 * - customer reset code: 20 alphanumeric characters; seller reset code: 5
 * - generated seller password: 25 characters; generated admin password: 20
 * - suggested admin username: first name + 5 random characters
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Reset codes are typed by people: upper case and digits only, no look-alikes (0/O, 1/I). */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** `length` characters drawn uniformly from `alphabet`. */
export function randomString(length: number, alphabet = ALPHANUMERIC): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** A reset code of `length` characters (20 for customers, 5 for sellers). */
export function resetCode(length: number): string {
  return randomString(length, CODE_ALPHABET);
}

/**
 * A generated password of `length` characters that also satisfies the password rule
 * (at least one lower-case letter, one upper-case letter and one digit).
 */
export function generatedPassword(length: number): string {
  for (;;) {
    const p = randomString(length);
    if (/[a-z]/.test(p) && /[A-Z]/.test(p) && /\d/.test(p)) return p;
  }
}

/** Username suggestion: a name's letters and digits (at most 20) plus 5 random characters. */
export function suggestedUsername(name: string): string {
  const base =
    name
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 20) || 'user';
  return `${base}${randomString(5)}`;
}

/**
 * Keyed hash of a reset code (HMAC-SHA256 with a server secret), so a leaked database does not
 * reveal codes and short codes cannot be brute-forced offline. Codes are compared upper-cased.
 */
export function hashCode(secret: string, code: string): string {
  return createHmac('sha256', secret).update(code.trim().toUpperCase()).digest('hex');
}

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
