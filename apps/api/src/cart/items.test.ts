import { describe, expect, it } from 'vitest';
import { lineAdditionalData } from './items';

describe('a cart line’s additionalData (spec §3)', () => {
  it('carries the low-balance limit, the recurrence and the SMS consent of the line', () => {
    expect(
      lineAdditionalData(
        'AUTOMATIC',
        {
          autoTopupOption: 'LOW_BALANCE',
          lowBalanceOption: { lowBalanceLimit: 500 },
        },
        1500,
      ),
    ).toEqual({ lowBalanceLimit: 500, autoTopupAmount: 1500 });
    expect(
      lineAdditionalData(
        'AUTOMATIC',
        { recurringOption: { recurringType: 'MONTHLY', recurringDay: 1 } },
        2000,
      ),
    ).toEqual({ recurrenceType: 'MONTHLY', recurringDay: 1, autoTopupAmount: 2000 });
    expect(lineAdditionalData('SMS', { smsTopupConsent: '1234' }, 1500)).toEqual({ topupConsentType: 'sms' });
    expect(lineAdditionalData('ONCE_OFF', {}, 1500)).toEqual({});
  });
});
