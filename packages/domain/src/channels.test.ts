import { describe, expect, it } from 'vitest';
import { type Channel, isProductOffered, isTopupDataValid, RESTRICTED_CHANNELS } from './channels';

describe('isTopupDataValid (spec §5)', () => {
  it.each([
    [{ msisdn: '+491701234567', amount: '15' }, true],
    [{ msisdn: '+491701234567', amount: 15 }, true],
    [{ msisdn: '+491701234567', amount: 0 }, true],
    [{ msisdn: '+491701234567' }, false],
    [{ msisdn: '+491701234567', amount: null }, false],
    [{ msisdn: '+491701234567', amount: '' }, false],
    [{ amount: '15' }, false],
    [{ msisdn: null, amount: '15' }, false],
    [{ msisdn: '', amount: '15' }, false],
    [{}, false],
  ])('answers %j with %s', (data, expected) => {
    expect(isTopupDataValid(data)).toBe(expected);
  });
});

describe('isProductOffered (spec §5)', () => {
  const web = { mobileAppFlow: false, topupDataValid: false };
  const webWithTopup = { mobileAppFlow: false, topupDataValid: true };
  const product = (...channels: Channel[]) => ({ channels, currency: 'EUR' });

  it('restricts whatsapp, sms, ivr and app', () => {
    expect(RESTRICTED_CHANNELS).toEqual(['whatsapp', 'sms', 'ivr', 'app']);
  });

  it.each<[Channel[], boolean, boolean]>([
    [['web'], true, true],
    [['web', 'sms'], true, true],
    [['whatsapp', 'web'], true, true],
    [['whatsapp'], false, true],
    [['whatsapp', 'sms'], false, true],
    [['sms'], false, false],
    [['ivr'], false, false],
    [['app'], false, false],
    [['sms', 'ivr', 'app'], false, false],
    [[], false, false],
  ])('outside the app offers %j: %s, with valid top-up data: %s', (channels, offered, offeredWithTopup) => {
    expect(isProductOffered(product(...channels), web)).toBe(offered);
    expect(isProductOffered(product(...channels), webWithTopup)).toBe(offeredWithTopup);
  });

  it('ignores the currency outside the app', () => {
    expect(isProductOffered({ channels: ['web'], currency: 'GBP' }, { ...web, chosenCurrency: 'EUR' })).toBe(
      true,
    );
  });

  describe('in the mobile-app flow', () => {
    const app = {
      mobileAppFlow: true,
      appChannel: 'app',
      chosenCurrency: 'EUR',
      topupDataValid: false,
    } as const;

    it.each<[Channel[], string, boolean]>([
      [['app'], 'EUR', true],
      [['web', 'app'], 'EUR', true],
      [['app'], 'USD', false],
      [['web'], 'EUR', false],
      [['whatsapp'], 'EUR', false],
      [[], 'EUR', false],
    ])('offers %j in %s: %s', (channels, currency, expected) => {
      expect(isProductOffered({ channels, currency }, app)).toBe(expected);
      expect(isProductOffered({ channels, currency }, { ...app, topupDataValid: true })).toBe(expected);
    });

    it('matches the channel of the app, restricted or not', () => {
      const whatsappApp = { ...app, appChannel: 'whatsapp' } as const;
      expect(isProductOffered(product('whatsapp'), whatsappApp)).toBe(true);
      expect(isProductOffered(product('app'), whatsappApp)).toBe(false);
    });

    it('offers nothing without an app channel or a chosen currency', () => {
      expect(isProductOffered(product('app', 'web'), { mobileAppFlow: true, topupDataValid: true })).toBe(
        false,
      );
      expect(isProductOffered(product('app'), { ...app, chosenCurrency: undefined })).toBe(false);
    });
  });
});
