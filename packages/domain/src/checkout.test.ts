import { describe, expect, it } from 'vitest';
import {
  BANKS,
  checkoutAddressLanguage,
  isOtpRequired,
  maskMsisdn,
  OTP_RESEND_INTERVAL_MS,
  otpResendWaitSeconds,
} from './checkout';

describe('the bank choice', () => {
  it('is the fixed list of spec §5, in its order, each with a distinct BIC', () => {
    expect(BANKS.map((bank) => bank.name)).toEqual([
      'ABN AMRO',
      'ASN Bank',
      'ING',
      'Rabobank',
      'SNS Bank',
      'SNS Regio Bank',
      'Triodos Bank',
      'Van Lanschot',
      'Knab',
      'Bunq',
      'Moneyou',
      'Handelsbanken',
    ]);
    expect(new Set(BANKS.map((bank) => bank.issuerId)).size).toBe(BANKS.length);
    for (const bank of BANKS) expect(bank.issuerId).toMatch(/^[A-Z]{6}[A-Z0-9]{2}$/);
  });
});

describe('checkoutAddressLanguage (spec §5)', () => {
  it.each([
    ['USD', 'en'],
    ['GBP', 'en'],
    ['EUR', 'de'],
  ])('%s → %s', (currency, language) => {
    expect(checkoutAddressLanguage(currency)).toBe(language);
  });
});

describe('isOtpRequired', () => {
  const onceOff = [{ kind: 'ONCE_OFF' as const }];
  it.each([
    ['a guest saving the method', { isGuest: true, savePayment: true, items: onceOff }, true],
    [
      'a guest setting up an automatic top-up',
      { isGuest: true, savePayment: false, items: [{ kind: 'AUTOMATIC' as const }] },
      true,
    ],
    [
      'a guest setting up an SMS top-up',
      { isGuest: true, savePayment: false, items: [{ kind: 'SMS' as const }] },
      true,
    ],
    ['a guest buying once', { isGuest: true, savePayment: false, items: onceOff }, false],
    [
      'a guest buying a voucher',
      { isGuest: true, savePayment: false, items: [{ kind: 'VOUCHER' as const }] },
      false,
    ],
    [
      'an account holder saving the method',
      { isGuest: false, savePayment: true, items: [{ kind: 'AUTOMATIC' as const }] },
      false,
    ],
  ])('%s → %s', (_name, input, expected) => {
    expect(isOtpRequired(input)).toBe(expected);
  });
});

describe('otpResendWaitSeconds', () => {
  const sent = new Date('2026-11-22T10:00:00Z');
  it('counts down the minute after a code was sent, rounding up', () => {
    expect(otpResendWaitSeconds(undefined, sent)).toBe(0);
    expect(otpResendWaitSeconds(sent, sent)).toBe(60);
    expect(otpResendWaitSeconds(sent, new Date(sent.getTime() + 59_001))).toBe(1);
    expect(otpResendWaitSeconds(sent, new Date(sent.getTime() + OTP_RESEND_INTERVAL_MS))).toBe(0);
  });
});

describe('maskMsisdn', () => {
  it('keeps the country code and the last four digits', () => {
    expect(maskMsisdn('+4917012345678')).toBe('+49•••••••5678');
    expect(maskMsisdn('+31612345678')).toBe('+31•••••5678');
    expect(maskMsisdn('+447400123456')).toBe('+44••••••3456');
    expect(maskMsisdn('12345')).toBe('12345');
  });
});
