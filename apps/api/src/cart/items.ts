import { createHash } from 'node:crypto';
import type { schema } from '@shop/db';
import {
  type ErrorCode,
  invalidField,
  isAmountInRange,
  isKindOnSale,
  isNumberBoundKind,
  isPurchasable,
  type NumberOwner,
  numberVerdict,
  parseMsisdn,
  withLeadingPlus,
} from '@shop/domain';
import type { CartItem, DetailedCartLine } from '@shop/domain/contract';
import type { TenantConfig } from '@shop/tenants';

type Product = typeof schema.products.$inferSelect;

/** A cart item checked against its product and the tenant's rules, ready to become a line. */
export interface ValidItem {
  itemKey: string;
  product: Product;
  faceValue: number;
  quantity: number;
  phoneNumber: string | null;
  options: Record<string, unknown>;
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
  if (product.currency !== tenant.currency) {
    refuse(
      'VALIDATION_FAILED',
      `${field}.productId`,
      `product currency ${product.currency} is not the cart's`,
    );
  }

  let faceValue: number;
  if (product.amount !== null) {
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
  if (product.kind === 'AUTOMATIC' && item.autoTopupOption === 'LOW_BALANCE') {
    const option = item.lowBalanceOption;
    if (!option || (option.lowBalanceLimit === undefined && option.tariffEnabled !== true)) {
      refuse(
        'LOW_BALANCE_AMOUNT_OR_TARIFF_ENABLED_MISSING',
        `${field}.lowBalanceOption`,
        'give a limit or enable tariff',
      );
    }
  }

  const { productId: _productId, amount: _amount, quantity, phoneNumber: _phone, ...options } = item;
  const itemKey = createHash('sha256')
    .update(JSON.stringify([product.id, faceValue, phoneNumber, options]))
    .digest('base64url')
    .slice(0, 16);
  return { itemKey, product, faceValue, quantity, phoneNumber, options };
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
  options: Record<string, unknown>,
): DetailedCartLine['additionalData'] {
  const lowBalance = options.lowBalanceOption as { lowBalanceLimit?: number } | undefined;
  const recurring = options.recurringOption as { recurringType?: string } | undefined;
  return {
    ...(lowBalance?.lowBalanceLimit !== undefined ? { lowBalanceLimit: lowBalance.lowBalanceLimit } : {}),
    ...(recurring?.recurringType ? { recurrenceType: recurring.recurringType } : {}),
    ...(kind === 'SMS' || options.smsTopupConsent ? { topupConsentType: 'sms' as const } : {}),
  };
}
