import { formatMoney } from '@shop/domain';
import { tenants } from '@shop/tenants';
import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_LENGTH, type MessagePin, voucherMessageTexts } from './message';

const ladeplatz = tenants().byId('ladeplatz');
if (!ladeplatz) throw new Error('ladeplatz missing');

const pin = (index: number): MessagePin => ({
  voucher: {
    productId: 'pixelpass-voucher-2500',
    brand: { brandId: 'pixelpass', name: 'PixelPass' },
    pin: String(1_000_000_000_000_000 + index),
    serial: `PIXELPASS-VOUCHER-2500-${String(index).padStart(4, '0')}`,
    validUntil: '2027-11-24T00:00:00.000Z',
  },
  faceValue: 2500,
  currency: 'EUR',
});

describe('the message with an order’s PINs', () => {
  it('says the shop, the order, each PIN with its value, serial and validity, and how to redeem it', () => {
    const [text, ...more] = voucherMessageTexts(ladeplatz, 'de', 'LAD-7K3M9QX2', [pin(1)]);
    expect(more).toEqual([]);
    expect(text).toBe(
      [
        'Ladeplatz: Ihr Gutschein aus der Bestellung LAD-7K3M9QX2',
        '',
        `PixelPass ${formatMoney(2500, 'EUR', 'de')}: PIN 1000000000000001`,
        'Seriennummer: PIXELPASS-VOUCHER-2500-0001',
        'Gültig bis: 24.11.2027',
        'Öffne PixelPass, wähle „Code einlösen“ und gib den PIN ein. Das Guthaben steht sofort in deinem Konto.',
        '',
        'Geben Sie Ihre PIN nicht weiter: Wer sie hat, kann sie einlösen.',
      ].join('\n'),
    );
  });

  it('takes as many messages as the PINs of a large order need, each whole and short enough', () => {
    const pins = Array.from({ length: 20 }, (_, index) => pin(index + 1));
    const texts = voucherMessageTexts(ladeplatz, 'en', 'LAD-7K3M9QX2', pins);
    expect(texts.length).toBeGreaterThan(1);
    for (const text of texts) {
      expect(text.length).toBeLessThanOrEqual(MAX_MESSAGE_LENGTH);
      expect(text.startsWith('Ladeplatz: your voucher from order LAD-7K3M9QX2')).toBe(true);
      expect(text.endsWith('whoever has it can redeem it.')).toBe(true);
      expect(text.match(/Open PixelPass/g)).toHaveLength(1);
    }
    const all = texts.join('\n');
    for (const { voucher } of pins) expect(all.split(`PIN ${voucher.pin}`)).toHaveLength(2);
  });
});
