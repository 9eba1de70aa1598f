import type { AccountProfile } from '@shop/domain/contract';
import { describe, expect, it } from 'vitest';
import {
  editProfileRequest,
  fieldOfRefusal,
  type ProfileRules,
  passwordProblems,
  profileProblems,
  profileValues,
} from './profile-checks';

const profile: AccountProfile = {
  userId: 'u1',
  userName: 'demo@funkfix.example',
  email: 'demo@funkfix.example',
  phoneNumber: '+4917012340101',
  firstname: 'Demo',
  lastname: 'FunkFix',
  street: null,
  houseNumber: null,
  zip: null,
  city: null,
  countryCode: null,
  language: 'de',
  createdAt: '2026-01-01T00:00:00.000Z',
};
const rules: ProfileRules = {
  houseNumberOptional: false,
  phoneCountries: ['de'],
  isPhoneAccount: false,
  tenantCountry: 'de',
};
const start = profileValues(profile, rules);

describe('the profile form', () => {
  it('starts with the profile, the number as people write it and the tenant’s country', () => {
    expect(start).toMatchObject({
      firstname: 'Demo',
      phoneNumber: '+49 170 12340101',
      zip: '',
      countryCode: 'DE',
      currentPassword: '',
    });
  });

  it('finds nothing wrong with the profile as it is', () => {
    expect(profileProblems(start, rules, profile.email)).toEqual({});
  });

  it('puts each problem next to its field', () => {
    const values = {
      ...start,
      email: 'not-an-address',
      phoneNumber: '+33 6 12 34 56 78',
      street: 'Hauptstraße',
    };
    expect(profileProblems(values, rules, profile.email)).toEqual({
      email: 'emailInvalid',
      phoneNumber: 'phoneCountryNotAllowed',
      zip: 'postcodeRequired',
      city: 'cityRequired',
      houseNumber: 'houseNumberRequired',
    });
    expect(profileProblems({ ...start, phoneNumber: '0170 x' }, rules, profile.email)).toEqual({
      phoneNumber: 'invalidPhoneNumber',
    });
  });

  it('keeps an e-mail on an e-mail account, not on a phone account', () => {
    expect(profileProblems({ ...start, email: '' }, rules, profile.email)).toEqual({ email: 'emailInvalid' });
    expect(profileProblems({ ...start, email: '' }, { ...rules, isPhoneAccount: true }, null)).toEqual({});
  });

  it('asks for the current password with a new e-mail only', () => {
    const moved = { ...start, email: 'new@funkfix.example' };
    expect(profileProblems(moved, rules, profile.email)).toEqual({
      currentPassword: 'profileCurrentPasswordRequired',
    });
    expect(profileProblems({ ...start, email: 'DEMO@funkfix.example' }, rules, profile.email)).toEqual({});
    expect(editProfileRequest({ ...moved, currentPassword: 'secret' }, rules, profile.email)).toMatchObject({
      email: 'new@funkfix.example',
      currentPassword: 'secret',
    });
    expect(editProfileRequest(start, rules, profile.email)).not.toHaveProperty('currentPassword');
  });

  it('sends names and address as typed, the number in E.164', () => {
    const values = {
      ...start,
      firstname: ' Kim ',
      phoneNumber: '0170 1234567',
      zip: '10115',
      city: 'Berlin',
      street: 'Invalidenstraße',
      houseNumber: '12',
    };
    expect(editProfileRequest(values, rules, profile.email)).toEqual({
      firstname: 'Kim',
      lastname: 'FunkFix',
      email: 'demo@funkfix.example',
      phoneNumber: '+491701234567',
      zip: '10115',
      city: 'Berlin',
      street: 'Invalidenstraße',
      houseNumber: '12',
      countryCode: 'DE',
    });
  });

  it('clears the country with the address, and never sends the number of a phone account', () => {
    const request = editProfileRequest({ ...start, phoneNumber: '' }, rules, profile.email);
    expect(request).toMatchObject({ countryCode: '', zip: '', phoneNumber: '' });
    expect(editProfileRequest(start, { ...rules, isPhoneAccount: true }, null)).not.toHaveProperty(
      'phoneNumber',
    );
  });
});

describe('the password form', () => {
  it('needs the current password and a new one by the rule', () => {
    expect(passwordProblems({ currentPassword: '', newPassword: 'short' }, 'demo@funkfix.example')).toEqual({
      currentPassword: 'profileCurrentPasswordRequired',
      newPassword: 'passwordTooShort',
    });
    expect(
      passwordProblems(
        { currentPassword: 'x', newPassword: 'demo@funkfix.example!' },
        'demo@funkfix.example',
      ),
    ).toEqual({ newPassword: 'passwordContainsUserName' });
    expect(
      passwordProblems({ currentPassword: 'x', newPassword: 'Sommer-Regen-2026' }, 'demo@funkfix.example'),
    ).toEqual({});
  });
});

describe('refusals of the API', () => {
  it.each([
    ['AUTHENTICATION_FAILED', 'currentPassword'],
    ['CUSTOMER_DUPLICATION_ERROR', 'email'],
    ['PASSWORD_TOO_COMMON', 'newPassword'],
    ['VALIDATION_FAILED', undefined],
    [undefined, undefined],
  ])('put %s next to %s', (code, field) => {
    expect(fieldOfRefusal(code)).toBe(field);
  });
});
