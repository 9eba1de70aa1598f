/**
 * The top-up form as posted before JavaScript runs (`POST /shop/checkout/add-topup`): the names
 * of its fields, and the query the post sends the shopper back to the form with when something is
 * wrong (what was filled in, never a cash code; and what was wrong).
 */
export const TOPUP_POST_PATH = '/shop/checkout/add-topup';

export const TOPUP_FIELDS = {
  brandId: 'brandId',
  back: 'back',
  idempotencyKey: 'idempotencyKey',
  country: 'country',
  msisdn: 'msisdn',
  amount: 'amount',
  otherAmount: 'otherAmount',
  topupType: 'topupType',
  cashCode: 'cashCode',
  /** The notification code of a light top-up's link the top-up is bought through. */
  lightCode: 'lightCode',
} as const;

/** The fields of an automatic top-up's set-up (`topup/form/automatic.ts` reads them). */
export const AUTOMATIC_FIELDS = {
  /** The index of the tenant's set of types chosen (`setupGroups`). */
  group: 'autoGroup',
  type: 'autoType',
  limit: 'lowBalanceLimit',
  tariff: 'tariff',
  weekday: 'weekday',
  monthDay: 'monthDay',
  setupOnly: 'setupOnly',
  savedMethod: 'savedMethod',
  /** A light top-up: a link by SMS instead of a charge. */
  light: 'autoLight',
} as const;

/**
 * The field of an SMS top-up's registration; its set-up alone and saved method share the automatic
 * top-up's fields. The PIN never goes back into the query of the form.
 */
export const SMS_FIELDS = { pin: 'smsPin' } as const;

/** In the query back to the form: the problems are those of the input (1), or the API's code. */
export const TOPUP_RETURN = { checked: 'checked', error: 'error' } as const;
