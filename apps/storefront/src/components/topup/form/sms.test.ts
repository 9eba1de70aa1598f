import { parseMsisdn } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { cartItem, type Offer } from './cart-item';
import { type TopupInput, topupProblems } from './check';
import { type SmsOffer, smsExample, smsStart } from './sms';

const belwaarde: SmsOffer = {
  productId: 'belwaarde-sms',
  range: { min: 500, max: 15000, step: 100 },
  shortNumber: '4411',
};
const offer: Offer = { fixedAmounts: [], range: null, automatic: null, sms: belwaarde, cashCode: null };
const NUMBER = '+31612340108';
const aNumber = parseMsisdn('06 12340108', ['nl']);
const input = (sms: Partial<ReturnType<typeof smsStart>>, otherAmount = '15'): TopupInput => ({
  topupType: 'SMS',
  amount: null,
  cashCode: '',
  otherAmount,
  sms: { ...smsStart(), ...sms },
});

describe('an SMS top-up set up in the form', () => {
  it('is explained with the keyword of the page’s language', () => {
    expect(smsExample('nl')).toBe('KOOP 15 1234');
    expect(smsExample('en', 20)).toBe('BUY 20 1234');
  });

  it('needs a PIN of 4 to 6 digits', () => {
    for (const pin of ['', '12', '1234567', 'abcd']) {
      expect(topupProblems(offer, input({ pin }), aNumber).smsPin, pin).toEqual({ key: 'smsPinRequired' });
    }
    expect(topupProblems(offer, input({ pin: '2468' }), aNumber)).toEqual({});
  });

  it('asks for the first top-up’s amount within the SMS range, unless nothing is topped up now', () => {
    expect(topupProblems(offer, input({ pin: '2468' }, '200'), aNumber).amount).toMatchObject({
      key: 'amountOutOfRange',
    });
    expect(topupProblems(offer, input({ pin: '2468', setupOnly: true }, ''), aNumber).savedMethod).toEqual({
      key: 'savedMethodRequired',
    });
    expect(
      topupProblems(offer, input({ pin: '2468', setupOnly: true, savedMethod: 'card-1' }, ''), aNumber),
    ).toEqual({});
  });

  it('becomes an item with the PIN as consent, paid now or set up alone', () => {
    const paid = input({ pin: '2468' });
    expect(cartItem(offer, paid, NUMBER, 1500)).toEqual({
      productId: 'belwaarde-sms',
      phoneNumber: NUMBER,
      smsTopupConsent: '2468',
      amount: 1500,
    });
    expect(
      cartItem(offer, input({ pin: '2468', setupOnly: true, savedMethod: 'card-1' }), NUMBER, null),
    ).toEqual({
      productId: 'belwaarde-sms',
      phoneNumber: NUMBER,
      smsTopupConsent: '2468',
      setupOnly: true,
    });
    expect(cartItem(offer, paid, NUMBER, null)).toBeUndefined();
    expect(cartItem({ ...offer, sms: null }, paid, NUMBER, 1500)).toBeUndefined();
  });
});
