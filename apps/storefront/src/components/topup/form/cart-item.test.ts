import { describe, expect, it } from 'vitest';
import { initialAmount, initialNumber } from './cart-item';

describe('the top-up form filled from the page address', () => {
  it('keeps a national number as typed and reads any other as international', () => {
    expect(initialNumber('0170 1234567')).toBe('0170 1234567');
    expect(initialNumber(' 4917012345678')).toBe('+4917012345678');
    expect(initialNumber('+4917012345678')).toBe('+4917012345678');
    expect(initialNumber('004917012345678')).toBe('+4917012345678');
  });

  it('reads the amount in major units, as the form sends it', () => {
    expect(initialAmount('15')).toEqual({ amount: 1500, other: '15' });
    expect(initialAmount('15.5')).toEqual({ amount: 1550, other: '15.5' });
    expect(initialAmount('nothing')).toEqual({ amount: null, other: '' });
  });
});
