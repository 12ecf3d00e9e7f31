/**
 * The zod-free login rule (`loginErrors`, which the web app's login form runs on its first page)
 * answers what the services' `LoginSchema` answers, field by field (spec 000 section 5: username
 * and password required), so the form and the identity service's 400 never disagree.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOGIN_PASSWORD_MAX, LOGIN_USERNAME_MAX, LoginSchema, loginErrors } from './identity';

/** The first issue per top-level field, as the form shows them (schemaValidator's errorPriority 'first'). */
function schemaErrors(values: unknown): Record<string, string> {
  const result = LoginSchema.safeParse(values);
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

/** Strings around the limits: blank, padded, and exactly at, under and over each maximum. */
const text = (max: number) =>
  fc.oneof(
    fc.string({ maxLength: max + 5 }),
    fc.constantFrom('', ' ', '\t\n ', 'nimal', ' nimal '),
    fc.integer({ min: max - 1, max: max + 1 }).map((n) => 'a'.repeat(n)),
    fc.integer({ min: max - 1, max: max + 1 }).map((n) => ` ${'b'.repeat(n)} `),
  );
/** What a caller might send in place of a string. */
const notText = fc.constantFrom(undefined, null, 0, 42, true, {}, []);

describe('loginErrors', () => {
  it('says what the spec says for an empty form', () => {
    expect(loginErrors({ username: '', password: '' })).toEqual({ username: 'Username is required', password: 'Password is required' });
    expect(loginErrors({ username: ' nimal ', password: 'Secret#pass1' })).toEqual({});
  });

  it('names the length limits in the documents’ style instead of "is required" (issue 15, defect 8)', () => {
    expect(loginErrors({ username: 'nimal', password: 'p'.repeat(LOGIN_PASSWORD_MAX + 1) })).toEqual({
      password: 'Password cannot be longer than 128 characters',
    });
    expect(schemaErrors({ username: 'nimal', password: 'p'.repeat(LOGIN_PASSWORD_MAX + 1) })).toEqual({
      password: 'Password cannot be longer than 128 characters',
    });
  });

  it('answers exactly what LoginSchema answers for username and password (property)', () => {
    fc.assert(
      fc.property(fc.oneof(text(LOGIN_USERNAME_MAX), notText), fc.oneof(text(LOGIN_PASSWORD_MAX), notText), (username, password) => {
        expect(loginErrors({ username, password })).toEqual(schemaErrors({ username, password }));
      }),
      { numRuns: 500 },
    );
  });
});
