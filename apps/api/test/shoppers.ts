/** What a test shopper enters: a guest's contact and the sandbox's test cards (for tests and the bench). */

const NA = 'N/A';

/** A guest's contact as the storefront sends it without the mobile-app flow (spec §3). */
export const guestAddress = (extra: Record<string, unknown> = {}) => ({
  firstname: NA,
  lastname: NA,
  street: NA,
  houseNumber: NA,
  zip: NA,
  city: NA,
  countryCode: NA,
  email: 'shopper@example.com',
  channel: 'web',
  language: 'de',
  ...extra,
});

export const GOOD_CARD = { cardNumber: '4111 1111 1111 1111', expiry: '12/39', cvc: '123' };
export const DECLINED_CARD = { cardNumber: '4000 0000 0000 0002', expiry: '12/39', cvc: '123' };
export const THREE_D_SECURE_CARD = { cardNumber: '4000 0000 0000 3220', expiry: '12/39', cvc: '123' };
