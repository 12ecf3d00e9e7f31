/**
 * Password hashing with argon2id on the server (docs/architecture.md, Passwords and Departures from the documents: never on the
 * client). Parameters are OWASP's first recommended argon2id configuration
 * (m = 19 MiB, t = 2, p = 1). Hashes never leave the identity service.
 */
import argon2 from 'argon2';

const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password; returns the PHC string (`$argon2id$...`). */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

/** True when `password` matches `hash`; false for a wrong password or a malformed hash. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a random password, verified against when the account does not exist, so that a
 * login for an unknown username takes as long as one with a wrong password.
 */
export const DUMMY_HASH_PROMISE: Promise<string> = hashPassword(`dummy-${Math.random()}`);
