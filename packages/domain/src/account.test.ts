import { describe, expect, it } from 'vitest';
import { historyOffset, maskEmail, passwordProblem, readUserName } from './account';

const emailOnly = { phoneRegistration: false, phoneCountryCodes: ['de'] };
const phoneToo = { phoneRegistration: true, phoneCountryCodes: ['nl', 'be'] };
const common = new Set(['password123', 'qwertyuiop']);
const isCommon = (password: string) => common.has(password);

describe('the user name', () => {
  it('is the e-mail, trimmed and lower-cased', () => {
    expect(readUserName('  Ada.Lovelace@Example.ORG ', emailOnly)).toEqual({
      ok: true,
      kind: 'email',
      userName: 'ada.lovelace@example.org',
    });
  });

  it('is a mobile number in E.164 only where the tenant allows phone registration', () => {
    expect(readUserName('06 12340108', phoneToo)).toEqual({
      ok: true,
      kind: 'phone',
      userName: '+31612340108',
    });
    expect(readUserName('+31612340108', emailOnly)).toEqual({ ok: false });
    expect(readUserName('+4917012345678', phoneToo)).toEqual({ ok: false });
  });

  it('refuses what is neither', () => {
    for (const input of ['', 'ada@', '@example.org', 'ada lovelace@example.org', `${'a'.repeat(250)}@x.de`]) {
      expect(readUserName(input, phoneToo).ok, input).toBe(false);
    }
  });
});

describe('a new password', () => {
  it('needs 10 to 128 characters, counted as characters, not bytes', () => {
    expect(passwordProblem('Short-1', 'ada@example.org', isCommon)).toBe('passwordTooShort');
    expect(passwordProblem('ÄÖÜäöüßéèê', 'ada@example.org', isCommon)).toBeUndefined();
    expect(passwordProblem('x'.repeat(129), 'ada@example.org', isCommon)).toBe('passwordTooLong');
  });

  it('is not a common password, whatever its case', () => {
    expect(passwordProblem('Password123', 'ada@example.org', isCommon)).toBe('passwordTooCommon');
  });

  it('does not contain the user name, nor equal its local part', () => {
    expect(passwordProblem('my-ada@example.org', 'ada@example.org', isCommon)).toBe(
      'passwordContainsUserName',
    );
    expect(passwordProblem('adalovelace', 'adalovelace@example.org', isCommon)).toBe(
      'passwordContainsUserName',
    );
    expect(passwordProblem('Demo-Passw0rd!', 'demo@funkfix.example', isCommon)).toBeUndefined();
  });
});

describe('the history page', () => {
  it('starts at (page − 1) × 15, page 1 at the beginning', () => {
    expect(historyOffset(1)).toBe(0);
    expect(historyOffset(3)).toBe(30);
    expect(historyOffset(0)).toBe(0);
  });
});

it('masks an e-mail but for its first letter and domain', () => {
  expect(maskEmail('ada@example.org')).toBe('a***@example.org');
});
