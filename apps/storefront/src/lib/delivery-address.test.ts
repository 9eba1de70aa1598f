import { describe, expect, it } from 'vitest';
import { deliveryAddress } from './delivery-address';

const base = {
  email: 'kim@example.com',
  phoneNumber: '+4917012345678',
  language: 'de',
  hasMobileAppFlow: false,
};

describe('deliveryAddress', () => {
  it('asks for an account with the e-mail and the password the guest chose (spec §6)', () => {
    expect(deliveryAddress({ ...base, accountPassword: 'Funkfix-Konto-2025' })).toMatchObject({
      email: 'kim@example.com',
      createAccount: true,
      password: 'Funkfix-Konto-2025',
    });
  });

  it('sends neither the flag nor a password without one', () => {
    const address = deliveryAddress(base);
    expect(address).not.toHaveProperty('createAccount');
    expect(address).not.toHaveProperty('password');
    expect(address).toMatchObject({
      email: 'kim@example.com',
      phoneNumber: '+4917012345678',
      firstname: 'N/A',
    });
  });

  it('carries the device id where one is sent (decision 0049), and none otherwise', () => {
    expect(deliveryAddress({ ...base, deviceId: 'dev_0123456789abcdef' })).toMatchObject({
      deviceId: 'dev_0123456789abcdef',
    });
    expect(deliveryAddress({ ...base, deviceId: undefined })).not.toHaveProperty('deviceId');
  });

  it('sends where the voucher PINs go by SMS or WhatsApp, and leaves an e-mail not given as not given', () => {
    const address = deliveryAddress({
      ...base,
      email: '',
      voucherDelivery: { channel: 'whatsapp', phoneNumber: '+4917012345678' },
    });
    expect(address).toMatchObject({
      email: 'N/A',
      voucherDeliveryAddress: { channel: 'whatsapp', phoneNumber: '+4917012345678' },
    });
    expect(deliveryAddress(base)).not.toHaveProperty('voucherDeliveryAddress');
  });
});
