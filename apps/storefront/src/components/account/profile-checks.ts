import { addressProblems, formatMsisdn, isEmailAddress, parseMsisdn, passwordProblem } from '@shop/domain';
import type { AccountProfile, EditProfileRequest } from '@shop/domain/contract';

/** The profile form as the shopper fills it in: every field as typed. */
export interface ProfileValues {
  firstname: string;
  lastname: string;
  email: string;
  phoneNumber: string;
  zip: string;
  city: string;
  street: string;
  houseNumber: string;
  countryCode: string;
  /** Asked for only when the e-mail changes. */
  currentPassword: string;
}
export type ProfileField = keyof ProfileValues;

/** What the tenant and the account decide about the form. */
export interface ProfileRules {
  houseNumberOptional: boolean;
  /** The countries whose numbers the shop takes (tenant phoneCountryCodes). */
  phoneCountries: readonly string[];
  /** The account signs in with its number: the number cannot change (the e-mail is a contact only). */
  isPhoneAccount: boolean;
  /** The country of an address, where the shopper does not choose it. */
  tenantCountry: string;
}

/** The form filled in with the profile as the API has it. */
export function profileValues(profile: AccountProfile, rules: ProfileRules): ProfileValues {
  return {
    firstname: profile.firstname ?? '',
    lastname: profile.lastname ?? '',
    email: profile.email ?? '',
    phoneNumber: profile.phoneNumber ? formatMsisdn(profile.phoneNumber) : '',
    zip: profile.zip ?? '',
    city: profile.city ?? '',
    street: profile.street ?? '',
    houseNumber: profile.houseNumber ?? '',
    countryCode: (profile.countryCode || rules.tenantCountry).toUpperCase(),
    currentPassword: '',
  };
}

/** Whether the shopper typed another e-mail than the account's: that needs the current password. */
export const emailChanged = (values: ProfileValues, savedEmail: string | null): boolean =>
  values.email.trim() !== '' && values.email.trim().toLowerCase() !== (savedEmail ?? '').toLowerCase();

/**
 * What keeps the form from being sent, as message keys by field: an e-mail account keeps an
 * e-mail; a number must be a mobile number of the shop's countries; an address is whole or empty
 * (see `addressProblems`); a new e-mail needs the current password.
 */
export function profileProblems(
  values: ProfileValues,
  rules: ProfileRules,
  savedEmail: string | null,
): Partial<Record<ProfileField, string>> {
  const problems: Partial<Record<ProfileField, string>> = {
    ...addressProblems(values, { houseNumberOptional: rules.houseNumberOptional }),
  };
  const email = values.email.trim();
  if (email ? !isEmailAddress(email) : !rules.isPhoneAccount) problems.email = 'emailInvalid';
  const phone = values.phoneNumber.trim();
  if (!rules.isPhoneAccount && phone) {
    const number = parseMsisdn(phone, rules.phoneCountries);
    if (!number.ok)
      problems.phoneNumber =
        number.reason === 'COUNTRY_NOT_ALLOWED' ? 'phoneCountryNotAllowed' : 'invalidPhoneNumber';
  }
  if (!problems.email && emailChanged(values, savedEmail) && !values.currentPassword)
    problems.currentPassword = 'profileCurrentPasswordRequired';
  return problems;
}

/**
 * The edit call for a form without problems: names and address as typed ('' clears a field; an
 * address left empty clears its country too), the number in E.164 unless it is the account's user
 * name, and the current password only with a new e-mail.
 */
export function editProfileRequest(
  values: ProfileValues,
  rules: ProfileRules,
  savedEmail: string | null,
): EditProfileRequest {
  const trimmed = (field: ProfileField) => values[field].trim();
  const hasAddress = (['zip', 'city', 'street', 'houseNumber'] as const).some((field) => trimmed(field));
  const phone = trimmed('phoneNumber');
  const number = phone ? parseMsisdn(phone, rules.phoneCountries) : undefined;
  return {
    firstname: trimmed('firstname'),
    lastname: trimmed('lastname'),
    ...(trimmed('email') ? { email: trimmed('email') } : {}),
    ...(rules.isPhoneAccount ? {} : { phoneNumber: number?.ok ? number.msisdn : '' }),
    zip: trimmed('zip'),
    city: trimmed('city'),
    street: trimmed('street'),
    houseNumber: trimmed('houseNumber'),
    countryCode: hasAddress ? trimmed('countryCode').toUpperCase() : '',
    ...(emailChanged(values, savedEmail) ? { currentPassword: values.currentPassword } : {}),
  };
}

/** The password form: the current password and the new one. */
export interface PasswordValues {
  currentPassword: string;
  newPassword: string;
}

/**
 * What keeps a password change from being sent: the current password is needed, and the new one
 * must follow the rule the API applies (length, not the user name); whether it is too common
 * only the API can tell.
 */
export function passwordProblems(
  values: PasswordValues,
  userName: string,
): Partial<Record<keyof PasswordValues, string>> {
  const problems: Partial<Record<keyof PasswordValues, string>> = {};
  if (!values.currentPassword) problems.currentPassword = 'profileCurrentPasswordRequired';
  const problem = passwordProblem(values.newPassword, userName, () => false);
  if (problem) problems.newPassword = problem;
  return problems;
}

/** The field an API refusal of a profile or password change belongs next to; undefined for the form. */
export function fieldOfRefusal(code: string | undefined): ProfileField | 'newPassword' | undefined {
  if (code === 'AUTHENTICATION_FAILED') return 'currentPassword';
  if (code === 'CUSTOMER_DUPLICATION_ERROR') return 'email';
  if (code?.startsWith('PASSWORD_')) return 'newPassword';
  return undefined;
}
