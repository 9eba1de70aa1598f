/**
 * Stripe's documented test cards and the test PaymentMethods named after them (`pm_card_visa`,
 * …): what each card is (brand, country, funding) and what happens when it is charged.
 */

export type CardOutcome =
  /** The charge is authorised. */
  | { kind: 'approve' }
  /** The issuer declines the charge. */
  | { kind: 'decline'; declineCode: string; message: string }
  /**
   * 3-D Secure is needed: `always`, on every charge (an off-session one fails with
   * `authentication_required`); `unless_set_up`, except off-session charges of a card once set up
   * for future use.
   */
  | { kind: 'authenticate'; when: 'always' | 'unless_set_up' };

export interface TestCard {
  number: string;
  brand: string;
  country: string;
  funding: 'credit' | 'debit' | 'prepaid' | 'unknown';
  outcome: CardOutcome;
}

const DECLINED = 'Your card was declined.';

const TEST_CARDS: readonly TestCard[] = [
  {
    number: '4242424242424242',
    brand: 'visa',
    country: 'US',
    funding: 'credit',
    outcome: { kind: 'approve' },
  },
  // Not Stripe's: the sandbox provider's approving card, taken here too so that one card pays on
  // every demo tenant (Stripe itself declines it in test mode as a live card).
  {
    number: '4111111111111111',
    brand: 'visa',
    country: 'DE',
    funding: 'credit',
    outcome: { kind: 'approve' },
  },
  {
    number: '5555555555554444',
    brand: 'mastercard',
    country: 'US',
    funding: 'credit',
    outcome: { kind: 'approve' },
  },
  {
    number: '4000000000000002',
    brand: 'visa',
    country: 'US',
    funding: 'credit',
    outcome: { kind: 'decline', declineCode: 'generic_decline', message: DECLINED },
  },
  {
    number: '4000000000009995',
    brand: 'visa',
    country: 'US',
    funding: 'credit',
    outcome: {
      kind: 'decline',
      declineCode: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    },
  },
  {
    number: '4000002760003184',
    brand: 'visa',
    country: 'IE',
    funding: 'credit',
    outcome: { kind: 'authenticate', when: 'always' },
  },
  {
    number: '4000000000003220',
    brand: 'visa',
    country: 'US',
    funding: 'credit',
    outcome: { kind: 'authenticate', when: 'always' },
  },
  {
    number: '4000002500003155',
    brand: 'visa',
    country: 'IE',
    funding: 'credit',
    outcome: { kind: 'authenticate', when: 'unless_set_up' },
  },
];

/** The test PaymentMethods Stripe provides, usable wherever a PaymentMethod id is. */
const TEST_PAYMENT_METHODS: Readonly<Record<string, string>> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_visa_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_visa_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_authenticationRequired: '4000002760003184',
  pm_card_threeDSecure2Required: '4000000000003220',
  pm_card_authenticationRequiredOnSetup: '4000002500003155',
};

/** The card number behind a test PaymentMethod id, if it is one. */
export function testPaymentMethodNumber(id: string): string | undefined {
  return Object.hasOwn(TEST_PAYMENT_METHODS, id) ? TEST_PAYMENT_METHODS[id] : undefined;
}

/**
 * What a card number is in test mode. A number that is none of the test cards is a real card,
 * which test mode declines (`test_mode_live_card`), as Stripe does.
 */
export function testCardOf(number: string): TestCard {
  const known = TEST_CARDS.find((card) => card.number === number);
  if (known) return known;
  return {
    number,
    brand: brandOf(number),
    country: 'US',
    funding: 'unknown',
    outcome: {
      kind: 'decline',
      declineCode: 'test_mode_live_card',
      message: `${DECLINED} Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.`,
    },
  };
}

function brandOf(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return 'unknown';
}

/** The Luhn check digit test every card number passes. */
export function passesLuhn(number: string): boolean {
  let sum = 0;
  for (const [index, char] of [...number].reverse().entries()) {
    let digit = Number(char);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
