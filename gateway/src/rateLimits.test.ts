import { describe, expect, it } from 'vitest';
import { RATE_LIMIT_RULES } from './rateLimits';

const ruleOf = (path: string) => RATE_LIMIT_RULES.find((r) => r.pattern.test(path))?.name;

describe('per-IP rate limit rules', () => {
  it('counts the customer password check with the logins (no faster password oracle)', () => {
    expect(ruleOf('/Customer/loginCustomer')).toBe('login');
    expect(ruleOf('/Customer/checkPassword')).toBe('login');
    expect(ruleOf('/orgSeller/loginSeller')).toBe('login');
    expect(ruleOf('/Admin/loginAdmin')).toBe('login');
    expect(ruleOf('/Customer/me')).toBeUndefined();
  });
});
