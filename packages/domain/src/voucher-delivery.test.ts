import { describe, expect, it } from 'vitest';
import {
  isLastVoucherAttempt,
  isVoucherDeliveryOpen,
  isVoucherPhoneChannel,
  offersVoucherChannel,
  voucherDeliveryChoices,
} from './voucher-delivery';

describe('voucher delivery rules (decision 0048)', () => {
  it('offers a choice only where a channel reaches a phone, and then every channel of the tenant', () => {
    expect(voucherDeliveryChoices(['email'])).toEqual([]);
    expect(voucherDeliveryChoices(['email', 'sms', 'whatsapp'])).toEqual(['email', 'sms', 'whatsapp']);
    expect(voucherDeliveryChoices(['email', 'whatsapp'])).toEqual(['email', 'whatsapp']);
  });

  it('knows which channels a tenant delivers by, and which reach a phone', () => {
    expect(offersVoucherChannel(['email', 'sms'], 'sms')).toBe(true);
    expect(offersVoucherChannel(['email', 'sms'], 'whatsapp')).toBe(false);
    expect(['email', 'sms', 'whatsapp', 'ivr'].filter(isVoucherPhoneChannel)).toEqual(['sms', 'whatsapp']);
  });

  it('tries only a pending delivery, and gives up after the last try', () => {
    expect(isVoucherDeliveryOpen('PENDING')).toBe(true);
    expect(isVoucherDeliveryOpen('SENT')).toBe(false);
    expect(isVoucherDeliveryOpen('FAILED')).toBe(false);
    expect(isLastVoucherAttempt(8, 9)).toBe(false);
    expect(isLastVoucherAttempt(9, 9)).toBe(true);
  });
});
