import { parseMsisdn } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import type { Offer } from './cart-item';
import { chosenAmount, describeProblems, type TopupInput, topupProblems } from './check';

const offer: Offer = {
  fixedAmounts: [
    { productId: 'funkfix-topup-500', amount: 500, purchasable: true },
    { productId: 'funkfix-topup-3000', amount: 3000, purchasable: false },
  ],
  range: { productId: 'funkfix-topup-any', min: 500, max: 10000, step: 100 },
  automatic: null,
  sms: null,
  cashCode: { productId: 'funkfix-cash-code', range: { min: 500, max: 5000, step: 100 } },
};
const onceOff: TopupInput = { topupType: 'ONCE_OFF', amount: null, cashCode: '', otherAmount: '' };
const aNumber = parseMsisdn('0170 1234567', ['de']);

describe('the top-up form checked before anything is sent', () => {
  it('takes a chosen tile, else the typed amount with a comma or a point', () => {
    expect(chosenAmount(offer, { ...onceOff, amount: 500 })).toBe(500);
    expect(chosenAmount(offer, { ...onceOff, otherAmount: '12,50' })).toBe(1250);
    expect(chosenAmount(offer, { ...onceOff, otherAmount: '12.5' })).toBe(1250);
    expect(chosenAmount(offer, { ...onceOff, otherAmount: 'zwölf' })).toBeNull();
  });

  it('finds nothing wrong with a valid number and a tile', () => {
    expect(topupProblems(offer, { ...onceOff, amount: 500 }, aNumber)).toEqual({});
  });

  it('names each problem by its field', () => {
    const problems = topupProblems(offer, { ...onceOff, otherAmount: '3' }, parseMsisdn('12', ['de']));
    expect(problems).toEqual({
      phone: { key: 'invalidPhoneNumber' },
      amount: { key: 'amountOutOfRange', range: offer.range },
    });
    expect(topupProblems(offer, onceOff, parseMsisdn('+33 6 12 34 56 78', ['de']))).toEqual({
      phone: { key: 'phoneCountryNotAllowed' },
      amount: { key: 'amountRequired' },
    });
  });

  it('checks a typed amount against the cash code range and asks for the code', () => {
    const redeeming: TopupInput = { ...onceOff, topupType: 'CASH_CODE', amount: 500, otherAmount: '60' };
    expect(topupProblems(offer, redeeming, aNumber)).toEqual({
      amount: { key: 'amountOutOfRange', range: offer.cashCode?.range },
      cashCode: { key: 'cashCodeRequired' },
    });
  });

  it('describes the problems in the shopper language, with the range in money', () => {
    const t = (key: string, values?: Record<string, string>) =>
      `${key}${values ? JSON.stringify(values) : ''}`;
    const described = describeProblems(
      { amount: { key: 'amountOutOfRange', range: { min: 500, max: 10000, step: 100 } } },
      t,
      (minor) => `${minor / 100} €`,
    );
    expect(described).toEqual({ amount: 'amountOutOfRange{"min":"5 €","max":"100 €","step":"1 €"}' });
  });
});
