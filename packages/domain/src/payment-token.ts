/** How many usable payment methods one account may keep (PAYMENT_TOKEN_LIMIT_IS_REACHED beyond). */
export const PAYMENT_TOKEN_LIMIT = 5;
export const PAYMENT_TOKEN_NAME_MAX_LENGTH = 60;

/** Token states as the shop keeps them: PENDING until the shopper confirms at the provider. */
export const PAYMENT_TOKEN_STATUSES = [
  'PENDING',
  'ACTIVE',
  'DECLINED',
  'CANCELED',
  'DUPLICATE',
  'DELETED',
] as const;
export type PaymentTokenStatus = (typeof PAYMENT_TOKEN_STATUSES)[number];

/** The provider's token states in ours. */
export function tokenStatusOf(providerStatus: string): PaymentTokenStatus {
  switch (providerStatus) {
    case 'ACTIVE':
      return 'ACTIVE';
    case 'DECLINED':
      return 'DECLINED';
    case 'CANCELLED':
    case 'CANCELED':
      return 'CANCELED';
    case 'DELETED':
      return 'DELETED';
    default:
      return 'PENDING';
  }
}

/**
 * A card's expiry as spec §3 shows it: two digits, a slash, then the rest (`0428` and `4/28`
 * both read `04/28`); undefined for what is no expiry.
 */
export function cardExpiryDate(expiry: string | null | undefined): string | undefined {
  const match = /^(\d{1,2})\s*\/?\s*(\d{2}|\d{4})$/.exec(expiry?.trim() ?? '');
  if (!match) return undefined;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return undefined;
  return `${String(month).padStart(2, '0')}/${match[2]}`;
}

/** The name a saved method gets until the shopper gives one: "Visa •••• 1111", "PayPal". */
export function defaultTokenName(
  method: string,
  card?: { brand?: string | null; last4?: string | null },
): string {
  if (card?.last4) {
    const brand = card.brand ? (BRAND_NAMES[card.brand] ?? card.brand) : 'Card';
    return `${brand} •••• ${card.last4}`;
  }
  return METHOD_NAMES[method] ?? method;
}

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  'american-express': 'American Express',
  discover: 'Discover',
};

const METHOD_NAMES: Record<string, string> = { creditcard: 'Card', paypal: 'PayPal' };

/** What the provider tells of a saved method: its card, or the PayPal account (its payer). */
export interface SavedMethodIdentity {
  method: string;
  cardBrand: string | null;
  cardLast4: string | null;
  cardExpiry: string | null;
  payerEmail: string | null;
}

/**
 * Whether two saved methods are the same at the provider, so that an account keeps it once: the
 * same card (brand, last four digits and expiry) or the same PayPal account (its e-mail, in any
 * case). A method the provider tells nothing of is never a duplicate.
 */
export function isSameSavedMethod(a: SavedMethodIdentity, b: SavedMethodIdentity): boolean {
  if (a.method !== b.method) return false;
  if (a.cardLast4 !== null) {
    return a.cardLast4 === b.cardLast4 && a.cardBrand === b.cardBrand && a.cardExpiry === b.cardExpiry;
  }
  return a.payerEmail !== null && a.payerEmail.toLowerCase() === b.payerEmail?.toLowerCase();
}
