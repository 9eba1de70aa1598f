import { isValidSmsPin, type Language, SMS_TOPUP_KEYWORDS, smsTopupExampleText } from '@shop/domain';
import type { PaymentToken, SmsTopupRow } from '@shop/domain/contract';
import type { TenantConfig } from '@shop/tenants';
import { methodName } from '../auto-topups/auto-topup-display';

/** The amount of the example text, in whole units of the shop's currency. */
const EXAMPLE_AMOUNT = '15';
/** The PIN the example shows in place of the shopper's own. */
const EXAMPLE_PIN = '1234';

/** The short number a shop takes SMS top-ups at; undefined where it offers none. */
export function smsTopupShortNumber(
  tenant: Pick<TenantConfig, 'smsShortNumber' | 'topup'>,
): string | undefined {
  return tenant.topup.options.smsTopup && tenant.smsShortNumber ? tenant.smsShortNumber : undefined;
}

/** An SMS top-up as the shopper texts it, and its parts. */
export interface SmsTopupExample {
  /** "KOOP 15 1234" */
  text: string;
  keyword: string;
  amount: string;
  pin: string;
}

/** The example text in the page's language: its first keyword, 15 and the placeholder PIN. */
export function smsTopupExample(language: Language): SmsTopupExample {
  const [keyword] = SMS_TOPUP_KEYWORDS[language];
  if (!keyword) throw new Error(`No SMS top-up keyword in ${language}`);
  return {
    text: smsTopupExampleText(language, Number(EXAMPLE_AMOUNT), EXAMPLE_PIN),
    keyword,
    amount: EXAMPLE_AMOUNT,
    pin: EXAMPLE_PIN,
  };
}

export type SmsTopupStatusLabel = 'active' | 'locked';

/** The label of a registration's status and its message key. */
export function smsTopupStatus(status: SmsTopupRow['status']): { label: SmsTopupStatusLabel; key: string } {
  const label = status === 'LOCKED' ? 'locked' : 'active';
  return { label, key: `smsTopupStatus_${label}` };
}

/** The saved method that pays, as the shopper recognises it; the API's name where it is no longer usable. */
export function paidWith(
  row: Pick<SmsTopupRow, 'paymentToken' | 'paymentTokenName'>,
  methods: readonly PaymentToken[],
): string {
  const token = methods.find((method) => method.id === row.paymentToken);
  return token ? methodName(token) : row.paymentTokenName;
}

export type PinReading = { ok: true; pin: string } | { ok: false; problem: 'pinRequired' | 'pinInvalid' };

/** A new PIN as typed: 4 to 6 digits, spaces ignored. */
export function readSmsPin(typed: string): PinReading {
  const pin = typed.replace(/\s/g, '');
  if (pin === '') return { ok: false, problem: 'pinRequired' };
  return isValidSmsPin(pin) ? { ok: true, pin } : { ok: false, problem: 'pinInvalid' };
}

export type SmsTopupChange = 'unlock' | 'pin' | 'method';

/** What the card says once a change is saved: a new PIN that also unlocked says so. */
export function changeDoneKey(
  change: SmsTopupChange,
  before: SmsTopupRow['status'],
  after: SmsTopupRow['status'],
): string {
  if (change === 'unlock') return 'smsTopupUnlockedDone';
  if (change === 'pin' && before === 'LOCKED' && after === 'ACTIVE') return 'smsTopupPinUnlockedDone';
  return 'successfulModification';
}
