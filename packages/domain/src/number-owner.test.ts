import { describe, expect, it } from 'vitest';
import { PRODUCT_KINDS } from './catalogue';
import { ERROR_CATALOGUE } from './errors';
import {
  isNumberBoundKind,
  type NumberOwner,
  numbersToLookUp,
  numberVerdict,
  ownerFromLookup,
} from './number-owner';

const funkfix: NumberOwner = { kind: 'brand', brandId: 'funkfix', brandName: 'FunkFix' };
const blitzmobil: NumberOwner = { kind: 'brand', brandId: 'blitzmobil', brandName: 'Blitz Mobil' };
const nobody: NumberOwner = { kind: 'none' };
const unavailable: NumberOwner = { kind: 'unavailable' };

describe('numberVerdict (decision 0027)', () => {
  const topup = { kind: 'ONCE_OFF', brandId: 'funkfix' };

  it("lets a top-up go to a number of the product's own brand", () => {
    expect(numberVerdict(topup, funkfix)).toEqual({ ok: true, confirmed: true });
  });

  it('refuses a number of another brand and names that brand', () => {
    expect(numberVerdict(topup, blitzmobil)).toEqual({
      ok: false,
      code: 'PHONE_NUMBER_OF_OTHER_OPERATOR',
      owner: { brandId: 'blitzmobil', brandName: 'Blitz Mobil' },
    });
  });

  it('lets a number no brand owns go on unconfirmed: only another owner is a certainty', () => {
    expect(numberVerdict(topup, nobody)).toEqual({ ok: true, confirmed: false });
  });

  it('lets the item go on unconfirmed when the look-up cannot answer', () => {
    expect(numberVerdict(topup, unavailable)).toEqual({ ok: true, confirmed: false });
  });

  it('applies to every kind that credits a number, cash codes included, and to no other', () => {
    for (const kind of PRODUCT_KINDS) {
      const verdict = numberVerdict({ kind, brandId: 'funkfix' }, blitzmobil);
      expect(verdict.ok, kind).toBe(!isNumberBoundKind(kind));
    }
    expect(PRODUCT_KINDS.filter(isNumberBoundKind)).toEqual(['ONCE_OFF', 'AUTOMATIC', 'CASH_CODE', 'SMS']);
    expect(numberVerdict({ kind: 'VOUCHER', brandId: 'pixelpass' }, funkfix)).toEqual({
      ok: true,
      confirmed: false,
    });
  });

  it('refuses with a code of the error catalogue, as 400 with a text of its own', () => {
    expect(ERROR_CATALOGUE.PHONE_NUMBER_OF_OTHER_OPERATOR).toEqual({
      status: 400,
      messageKey: 'phoneNumberOfOtherOperator',
    });
  });
});

describe('ownerFromLookup', () => {
  it('reads the brand of a found number, and no owner otherwise', () => {
    const answer = {
      msisdn: '+4915112345678',
      found: true as const,
      country: 'de',
      brandId: 'blitzmobil',
      brandName: 'Blitz Mobil',
      sellsBrand: false,
    };
    expect(ownerFromLookup(answer)).toEqual(blitzmobil);
    expect(ownerFromLookup({ found: false })).toEqual(nobody);
  });
});

describe('numbersToLookUp', () => {
  it('names each number of a number-bound item once', () => {
    expect(
      numbersToLookUp([
        { kind: 'ONCE_OFF', phoneNumber: '+4917012345678' },
        { kind: 'ONCE_OFF', phoneNumber: '+4915112345678' },
        { kind: 'CASH_CODE', phoneNumber: '+4917012345678' },
        { kind: 'AUTOMATIC', phoneNumber: '+4915112345678' },
      ]),
    ).toEqual(['+4917012345678', '+4915112345678']);
  });

  it('leaves out vouchers, unknown products and items without a (valid) number', () => {
    expect(
      numbersToLookUp([
        { kind: 'VOUCHER', phoneNumber: '+4917012345678' },
        { kind: undefined, phoneNumber: '+4915112345678' },
        { kind: 'ONCE_OFF', phoneNumber: undefined },
        { kind: 'SMS', phoneNumber: null },
      ]),
    ).toEqual([]);
  });
});
