/**
 * Password-reset rules (docs/architecture.md, Password reset; spec 000 section 4, spec 001 section 4): a code is
 * valid for 15 minutes, allows 5 wrong attempts, must be verified before the password changes,
 * and is used once. Pure decisions over a stored code record; the store applies them.
 */

/** How long a reset code is valid, in ms. */
export const RESET_CODE_TTL_MS = 15 * 60 * 1000;
/** Wrong attempts allowed before a code is burnt. */
export const RESET_MAX_ATTEMPTS = 5;

/** A reset code as stored (hashed). */
export interface ResetCodeState {
  codeHash: string;
  expiresAt: Date;
  attempts: number;
  verified: boolean;
}

export type CodeCheck = 'ok' | 'wrong' | 'expired' | 'exhausted';

/**
 * Judges a code attempt.
 * @param matches - whether the given code's hash equals the stored hash
 */
export function checkCode(state: ResetCodeState, matches: boolean, now: Date): CodeCheck {
  if (now.getTime() >= state.expiresAt.getTime()) return 'expired';
  if (state.attempts >= RESET_MAX_ATTEMPTS) return 'exhausted';
  return matches ? 'ok' : 'wrong';
}
