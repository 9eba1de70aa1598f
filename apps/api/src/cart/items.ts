import { createHash } from 'node:crypto';
import type { Product } from '@shop/db';
import {
  type AutoTopupType,
  acceptedLowBalanceLimit,
  type CartItemOptions,
  type Channel,
  type ErrorCode,
  invalidField,
  isAmountInRange,
  isKindOnSale,
  isNumberBoundKind,
  isProductOffered,
  isPurchasable,
  isSetupKind,
  isTypeOffered,
  isValidSchedule,
  type NumberOwner,
  numberVerdict,
  parseMsisdn,
  withLeadingPlus,
} from '@shop/domain';
import type { CartItem, DetailedCartLine } from '@shop/domain/contract';
import type { TenantConfig } from '@shop/tenants';

/** A cart item checked against its product and the tenant's rules, ready to become a line. */
export interface ValidItem {
  itemKey: string;
  product: Product;
  faceValue: number;
  quantity: number;
  phoneNumber: string | null;
  options: CartItemOptions;
}

function refuse(code: ErrorCode, field: string, message: string): never {
  throw invalidField(field, message, code);
}

/**
 * Checks one item (spec §3, §5, §8) and answers it with its face value, normalised phone
 * number and the key of the cart line it belongs to; a refusal throws with the spec's code.
 */
export function validateItem(
  tenant: TenantConfig,
  product: Product | undefined,
  item: CartItem,
  field: string,
  sale: { channel: Channel | undefined; currency: string },
): ValidItem {
  if (!product) refuse('VALIDATION_FAILED', `${field}.productId`, `unknown product "${item.productId}"`);
  if (!isPurchasable(product.status)) {
    refuse('PRODUCT_NOT_AVAILABLE', `${field}.productId`, `"${product.productId}" is ${product.status}`);
  }
  if (!isKindOnSale(product.kind) && (product.amount ?? product.minAmount ?? 0) > 0) {
    refuse(
      'PRODUCT_NOT_AVAILABLE',
      `${field}.productId`,
      `"${product.productId}" (${product.kind}) is not on sale yet`,
    );
  }
  if (product.currency !== sale.currency) {
    refuse(
      'VALIDATION_FAILED',
      `${field}.productId`,
      `product currency ${product.currency} is not the cart's`,
    );
  }
  // Spec §5: a shop with the mobile-app flow sells in a channel only what is offered there.
  if (
    tenant.flags.hasMobileAppFlow &&
    !isProductOffered(
      { currency: product.currency, channels: product.channels },
      {
        mobileAppFlow: true,
        appChannel: sale.channel,
        chosenCurrency: sale.currency,
        topupDataValid: false,
      },
    )
  ) {
    refuse(
      'PRODUCT_NOT_AVAILABLE',
      `${field}.productId`,
      `"${product.productId}" is not sold in this channel`,
    );
  }

  let faceValue: number;
  if (product.kind === 'SMS' && item.setupOnly === true && item.amount === undefined) {
    // A free SMS set-up tops up nothing now (the line costs 0) and each SMS names its own amount.
    faceValue = product.amount ?? product.minAmount ?? 1;
  } else if (product.amount !== null) {
    if (item.amount !== undefined && item.amount !== product.amount) {
      refuse('VALIDATION_FAILED', `${field}.amount`, `must be ${product.amount} for this product`);
    }
    faceValue = product.amount;
  } else {
    const range = { min: product.minAmount ?? 0, max: product.maxAmount ?? 0, step: product.step ?? 1 };
    if (item.amount === undefined || !isAmountInRange(item.amount, range)) {
      refuse(
        'VALIDATION_FAILED',
        `${field}.amount`,
        `must be from ${range.min} to ${range.max} in steps of ${range.step}`,
      );
    }
    faceValue = item.amount;
  }

  let phoneNumber: string | null = null;
  if (item.phoneNumber !== undefined) {
    const parsed = readNumber(tenant, item.phoneNumber);
    if (!parsed.ok && parsed.reason === 'COUNTRY_NOT_ALLOWED') {
      refuse('UNAVAILABLE_COUNTRY', `${field}.phoneNumber`, 'numbers of this country are not served');
    }
    if (!parsed.ok) refuse('VALIDATION_FAILED', `${field}.phoneNumber`, 'not a valid phone number');
    phoneNumber = parsed.msisdn;
  } else if (isNumberBoundKind(product.kind)) {
    refuse('VALIDATION_FAILED', `${field}.phoneNumber`, 'required for a top-up');
  }

  if (product.kind === 'CASH_CODE' && !item.cashCode) {
    refuse('VALIDATION_FAILED', `${field}.cashCode`, 'required for a cash-code top-up');
  }
  if (product.kind === 'AUTOMATIC') checkAutoTopupSetup(tenant, item, field);
  if (product.variant === 'LIGHT') checkLightSetup(tenant, item, field);
  else if (product.kind === 'AUTOMATIC' && item.autoTopupLight === true) {
    refuse('VALIDATION_FAILED', `${field}.autoTopupLight`, 'only a light product sets up a light top-up');
  }
  if (
    product.kind !== 'AUTOMATIC' &&
    item.autoTopupOption !== undefined &&
    item.autoTopupOption !== 'ONCE_OFF'
  ) {
    refuse('VALIDATION_FAILED', `${field}.autoTopupOption`, 'only an automatic top-up product sets one up');
  }
  if (product.kind === 'SMS') checkSmsTopupSetup(tenant, item, field);
  else if (item.smsTopupConsent !== undefined) {
    refuse('VALIDATION_FAILED', `${field}.smsTopupConsent`, 'only an SMS top-up product takes a PIN');
  }
  if (item.setupOnly !== undefined && !isSetupKind(product.kind)) {
    refuse('VALIDATION_FAILED', `${field}.setupOnly`, 'only an automatic or SMS top-up is set up alone');
  }

  const { productId: _productId, amount: _amount, quantity, phoneNumber: _phone, ...rest } = item;
  // A light top-up charges nothing, now or later (decision 0042): it is always set up alone.
  const options = product.variant === 'LIGHT' ? { ...rest, setupOnly: true } : rest;
  const itemKey = createHash('sha256')
    .update(JSON.stringify([product.id, faceValue, phoneNumber, options]))
    .digest('base64url')
    .slice(0, 16);
  return { itemKey, product, faceValue, quantity, phoneNumber, options };
}

/**
 * An automatic top-up's set-up as the tenant offers it (spec §9, demo-tenants): one of its types,
 * a low-balance limit it accepts (or the tariff switch where tariff is offered), a valid weekday
 * or day of month. LOW_BALANCE_AMOUNT_OR_TARIFF_ENABLED_MISSING when neither limit nor tariff is given.
 */
function checkAutoTopupSetup(tenant: TenantConfig, item: CartItem, field: string): void {
  const type = setupTypeOf(item);
  if (!type) refuse('VALIDATION_FAILED', `${field}.autoTopupOption`, 'choose how the top-up repeats');
  if (!isTypeOffered(type, tenant.topup.options.allowedTypes)) {
    refuse('VALIDATION_FAILED', `${field}.autoTopupOption`, `this shop does not offer ${type} top-ups`);
  }
  if (item.quantity !== 1)
    refuse('VALIDATION_FAILED', `${field}.quantity`, 'an automatic top-up is set up once');
  if (type === 'LOW_BALANCE' || type === 'TARIFF') {
    const option = item.lowBalanceOption;
    const tariff = option?.tariffEnabled === true || type === 'TARIFF';
    if (type === 'LOW_BALANCE' && (!option || (option.lowBalanceLimit === undefined && !tariff))) {
      refuse(
        'LOW_BALANCE_AMOUNT_OR_TARIFF_ENABLED_MISSING',
        `${field}.lowBalanceOption`,
        'give a limit or enable tariff',
      );
    }
    if (tariff && !isTypeOffered('TARIFF', tenant.topup.options.allowedTypes)) {
      refuse(
        'VALIDATION_FAILED',
        `${field}.lowBalanceOption.tariffEnabled`,
        'this shop offers no tariff top-ups',
      );
    }
    const wantsLimit = type === 'LOW_BALANCE' && (option?.lowBalanceLimit !== undefined || !tariff);
    if (
      wantsLimit &&
      acceptedLowBalanceLimit(option?.lowBalanceLimit, tenant.topup.lowBalanceLimit) === undefined
    ) {
      refuse(
        'VALIDATION_FAILED',
        `${field}.lowBalanceOption.lowBalanceLimit`,
        'not a limit this shop offers',
      );
    }
    return;
  }
  const recurring = item.recurringOption;
  const schedule = recurring && {
    type: recurring.recurringType,
    weekday: recurring.recurringDay,
    day: recurring.recurringDay,
  };
  if (!recurring || recurring.recurringType !== type || !schedule || !isValidSchedule(schedule)) {
    refuse(
      'VALIDATION_FAILED',
      `${field}.recurringOption`,
      'give the weekday (1–7) or day of the month (1–31)',
    );
  }
}

/**
 * An SMS top-up registration (decision 0041): in a shop with a short number, once, with a consent
 * PIN (checked and replaced by its hash before the item gets here, cart/service.ts).
 */
function checkSmsTopupSetup(tenant: TenantConfig, item: CartItem, field: string): void {
  if (!tenant.topup.options.smsTopup || !tenant.smsShortNumber) {
    refuse('PRODUCT_NOT_AVAILABLE', `${field}.productId`, 'this shop offers no SMS top-ups');
  }
  if (!item.smsTopupConsent) {
    refuse('VALIDATION_FAILED', `${field}.smsTopupConsent`, 'choose a PIN of 4 to 6 digits');
  }
  if (item.quantity !== 1) refuse('VALIDATION_FAILED', `${field}.quantity`, 'an SMS top-up is set up once');
}

/**
 * A light automatic top-up (decision 0042): where the tenant offers them, a low-balance one the
 * item names as light (`autoTopupLight`).
 */
function checkLightSetup(tenant: TenantConfig, item: CartItem, field: string): void {
  if (!tenant.flags.autoTopupLightEnabled) {
    refuse('PRODUCT_NOT_AVAILABLE', `${field}.productId`, 'this shop offers no light top-ups');
  }
  if (item.autoTopupLight !== true) {
    refuse(
      'VALIDATION_FAILED',
      `${field}.autoTopupLight`,
      'a light product sets up a light top-up: send true',
    );
  }
  if (setupTypeOf(item) !== 'LOW_BALANCE') {
    refuse('VALIDATION_FAILED', `${field}.autoTopupOption`, 'a light top-up follows a low balance');
  }
  if (item.lowBalanceOption?.tariffEnabled === true) {
    refuse(
      'VALIDATION_FAILED',
      `${field}.lowBalanceOption.tariffEnabled`,
      'a light top-up follows the balance only',
    );
  }
}

/** The type an AUTOMATIC item sets up: RECURRING names its recurringOption's type. */
export function setupTypeOf(
  item: Pick<CartItem, 'autoTopupOption' | 'recurringOption'>,
): AutoTopupType | undefined {
  const option = item.autoTopupOption;
  if (option === undefined || option === 'ONCE_OFF') return undefined;
  return option === 'RECURRING' ? item.recurringOption?.recurringType : option;
}

/** An item's number as the tenant reads it (spec §5: a missing + is added). */
const readNumber = (tenant: TenantConfig, phoneNumber: string) =>
  parseMsisdn(withLeadingPlus(phoneNumber), tenant.phoneCountryCodes);

/** An item's number in E.164 when it is a valid one of the tenant's countries, else undefined. */
export function itemNumber(tenant: TenantConfig, item: Pick<CartItem, 'phoneNumber'>): string | undefined {
  if (item.phoneNumber === undefined) return undefined;
  const parsed = readNumber(tenant, item.phoneNumber);
  return parsed.ok ? parsed.msisdn : undefined;
}

/**
 * Refuses an item whose number another operator brand owns
 * (docs/decisions/0027-numbers-of-another-operator.md); `owners` holds the look-up of each number
 * of the request's number-bound items.
 */
export function checkNumberOwner(
  item: ValidItem,
  owners: ReadonlyMap<string, NumberOwner>,
  field: string,
): void {
  if (item.phoneNumber === null || !isNumberBoundKind(item.product.kind)) return;
  const owner = owners.get(item.phoneNumber);
  if (!owner) throw new Error(`${item.phoneNumber} of ${field} was not looked up`);
  const verdict = numberVerdict(item.product, owner);
  if (verdict.ok) return;
  refuse(
    verdict.code,
    `${field}.phoneNumber`,
    `${item.phoneNumber} is a ${verdict.owner.brandName} number; ` +
      `"${item.product.productId}" tops up ${item.product.brandName} numbers only`,
  );
}

/** Spec §3 line additionalData. */
export function lineAdditionalData(
  kind: string,
  options: CartItemOptions,
  faceValue: number,
): DetailedCartLine['additionalData'] {
  const lowBalance = options.lowBalanceOption;
  const recurring = options.recurringOption;
  const tariff = options.autoTopupOption === 'TARIFF' || lowBalance?.tariffEnabled === true;
  return {
    ...(lowBalance?.lowBalanceLimit !== undefined ? { lowBalanceLimit: lowBalance.lowBalanceLimit } : {}),
    ...(recurring?.recurringType ? { recurrenceType: recurring.recurringType } : {}),
    ...(recurring?.recurringDay !== undefined ? { recurringDay: recurring.recurringDay } : {}),
    ...(kind === 'AUTOMATIC' && tariff ? { tariffEnabled: true } : {}),
    ...(kind === 'SMS' || options.smsTopupConsent ? { topupConsentType: 'sms' as const } : {}),
    ...(kind === 'AUTOMATIC' ? { autoTopupAmount: faceValue } : {}),
    ...(kind === 'AUTOMATIC' && options.autoTopupLight === true ? { autoTopupLight: true } : {}),
  };
}
