import { describe, expect, it } from 'vitest';
import { DEMO_NUMBERS } from '../src/demo/accounts';
import { apiForFile } from './api-for-file';
import { checkoutClient } from './checkout-support';
import { freshNumber, setupClient, shopperClient } from './saved-methods-support';

/** Spec §7 Auto top-up: set up through the cart, listed and managed by the account (decision 0040). */
const api = apiForFile();
const shopper = () => shopperClient(api);

const { lowBalance, paidSetup, freeSetup } = setupClient(api);

describe('setting an automatic top-up up through the cart', () => {
  it('pays the first top-up now, saves the card on the account and registers the top-up on it, once', async () => {
    const { freshAccount, autoTopups, methods } = shopper();
    const { token } = await freshAccount('funkfix');
    const number = freshNumber();
    const before = await api.sandbox.client.balance(number);
    const { committed, commit } = await paidSetup('funkfix', token, lowBalance('funkfix-automatic', number));
    expect(committed?.body.orderStatus).toBe('committed');
    expect(await api.sandbox.client.balance(number)).toBe(before + 1500);
    await commit?.();
    const [card] = await methods('funkfix', token);
    expect(card).toMatchObject({ name: 'Visa •••• 1111', inUse: true, recurring: true });
    const rows = await autoTopups('funkfix', token, { autoTopupTypes: ['LOW_BALANCE', 'RECURRING'] });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      autoTopupType: 'LOW_BALANCE',
      topupType: 'LOW_BALANCE',
      status: 'ENABLED',
      msisdn: number,
      amount: 1500,
      lowBalanceLimit: 500,
      paymentToken: card?.id,
      paymentTokenName: 'Visa •••• 1111',
      shopId: 'funkfix',
      autoTopupLight: false,
      nextRunAt: null,
    });
  });

  it('needs an account, and refuses a second low-balance top-up of the same number', async () => {
    const { freshAccount } = shopper();
    const number = freshNumber();
    const asGuest = await paidSetup('funkfix', undefined, lowBalance('funkfix-automatic', number));
    expect(asGuest.started).toMatchObject({ status: 401, body: { code: 'AUTHORIZATION_REQUIRED' } });
    const { token } = await freshAccount('funkfix');
    expect(
      (await paidSetup('funkfix', token, lowBalance('funkfix-automatic', number))).committed?.body
        .orderStatus,
    ).toBe('committed');
    // Said as the item goes into the cart, before the shopper confirms the number.
    const again = await shopper().call('POST', '/api/shop/rest/v2/addToCart', 'funkfix', {
      items: [lowBalance('funkfix-automatic', number, { amount: 2000 })],
    });
    expect(again).toMatchObject({ status: 409, body: { code: 'EXISTING_LOW_BALANCE_TOPUP' } });
  });

  it('is paid only with a method it can charge again later', async () => {
    const checkout = checkoutClient(api);
    const cartName = await checkout.newCart('belwaarde', [
      lowBalance('belwaarde-automatic', freshNumber('+316', 8)),
    ]);
    for (const paymentMethod of ['ideal', 'paymentlink']) {
      const started = await checkout.startPayment('belwaarde', { cartName, paymentMethod });
      expect(started, paymentMethod).toMatchObject({
        status: 400,
        body: { code: 'PAYMENT_METHOD_IS_NOT_AVAILABLE' },
      });
    }
  });

  it('sets one up on a saved card without charging now; the free commit must name one of the account’s cards', async () => {
    const { signIn, methods, autoTopups, freshAccount } = shopper();
    const token = await signIn('alpenfunk');
    const [card] = await methods('alpenfunk', token);
    const number = freshNumber('+43660');
    const before = await api.sandbox.client.balance(number);
    const item = {
      productId: 'alpenfunk-automatic',
      amount: 1000,
      phoneNumber: number,
      autoTopupOption: 'MONTHLY',
      recurringOption: { recurringType: 'MONTHLY', recurringDay: 31 },
    };
    const setup = await freeSetup('alpenfunk', token, item);
    expect((await setup.commit()).body.code).toBe('PAYMENT_TOKEN_NOT_FOUND');
    const stranger = await freshAccount('alpenfunk');
    const { id: foreignCard } = await shopper().saveCard('alpenfunk', stranger.token);
    expect((await setup.commit(foreignCard)).body.code).toBe('PAYMENT_TOKEN_NOT_FOUND');
    const committed = await setup.commit(card?.id);
    expect(committed.body).toMatchObject({ orderStatus: 'committed', amountCharged: 0, creditAdded: 0 });
    expect(await api.sandbox.client.balance(number)).toBe(before);
    const [row] = await autoTopups('alpenfunk', token, { autoTopupTypes: ['RECURRING'] });
    expect(row).toMatchObject({
      autoTopupType: 'MONTHLY',
      topupType: 'RECURRING',
      recurringDay: 31,
      amount: 1000,
      paymentToken: card?.id,
    });
    // 08:00 in Vienna is 06:00 or 07:00 UTC, on the 31st or the month's last day.
    expect(String(row?.nextRunAt)).toMatch(/T0[67]:00:00\.000Z$/);
    expect(await autoTopups('alpenfunk', token, { autoTopupTypes: ['LOW_BALANCE'] })).toEqual([]);
    expect(await autoTopups('alpenfunk', token, { statuses: ['DISABLED'] })).toEqual([]);
    const another = await shopper().call(
      'POST',
      '/api/topup/autotopup/query',
      'alpenfunk',
      { userId: '7c9e6679-7425-40de-944b-e07fc1f90ae7' },
      token,
    );
    expect(another).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect(await autoTopups('alpenfunk', token, { msisdn: number })).toHaveLength(1);
  });
});

describe('setting one up paid with a saved card', () => {
  it('confirms the number first, then charges the saved card and registers the top-up on it', async () => {
    const { signIn, methods, call, contactConfirmed, autoTopups } = shopper();
    const checkout = checkoutClient(api);
    const token = await signIn('topnet');
    const [card] = await methods('topnet', token);
    const number = freshNumber('+447712', 6);
    const item = {
      productId: 'topnet-automatic',
      amount: 1500,
      phoneNumber: number,
      autoTopupOption: 'LOW_BALANCE',
      lowBalanceOption: { lowBalanceLimit: 200 },
    };
    const cartName = await checkout.newCart('topnet', [item]);
    const start = () =>
      call(
        'POST',
        '/api/shop/rest/checkout-start-payment',
        'topnet',
        { cartName, paymentMethod: 'creditcard', paymentTokenId: card?.id },
        token,
      );
    expect((await start()).body.code).toBe('OTP_REQUIRED');
    await contactConfirmed('topnet', cartName, number, token);
    const started = await start();
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(
      (await checkout.commitUntilFinal('topnet', cartName, started.body.orderNumber, {}, token)).orderStatus,
    ).toBe('committed');
    const [row] = await autoTopups('topnet', token, { msisdn: number });
    expect(row).toMatchObject({
      paymentToken: card?.id,
      lowBalanceLimit: 200,
      currency: 'GBP',
      status: 'ENABLED',
    });
  });
});

describe('managing automatic top-ups', () => {
  it('pauses only where the shop allows it, activates again, and lets no other account touch one', async () => {
    const { signIn, autoTopups, call, freshAccount } = shopper();
    const funkfix = await signIn('funkfix');
    const [demo] = await autoTopups('funkfix', funkfix);
    expect(demo).toMatchObject({
      msisdn: DEMO_NUMBERS.funkfix,
      status: 'ENABLED',
      amount: 1500,
      lowBalanceLimit: 500,
    });
    const refused = await call(
      'PUT',
      '/api/topup/autotopup',
      'funkfix',
      { autoTopupId: demo?.autoTopupId, status: 'DISABLED' },
      funkfix,
    );
    expect(refused).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });

    const blitz = await signIn('blitzmobil');
    const [row] = await autoTopups('blitzmobil', blitz);
    const put = (body: Record<string, unknown>, token = blitz) =>
      call('PUT', '/api/topup/autotopup', 'blitzmobil', { autoTopupId: row?.autoTopupId, ...body }, token);
    expect((await put({ status: 'DISABLED' })).body.autoTopup).toMatchObject({ status: 'DISABLED' });
    expect((await put({ status: 'DISABLED' })).body.autoTopup).toMatchObject({ status: 'DISABLED' });
    expect((await put({ status: 'ENABLED' })).body.autoTopup).toMatchObject({ status: 'ENABLED' });
    expect((await put({ monthlyCap: 5000 })).body.autoTopup).toMatchObject({ monthlyCap: 5000 });
    expect((await put({ monthlyCap: 100 })).body.code).toBe('VALIDATION_FAILED');
    expect((await put({ monthlyCap: null })).body.autoTopup).toMatchObject({ monthlyCap: null });
    expect((await put({ status: 'REJECTED' })).body.code).toBe('VALIDATION_FAILED');

    const other = await freshAccount('blitzmobil');
    expect((await put({ status: 'DISABLED' }, other.token)).status).toBe(404);
    const deleteAsOther = await call(
      'POST',
      '/api/topup/autotopup/delete',
      'blitzmobil',
      { autoTopupId: row?.autoTopupId },
      other.token,
    );
    expect(deleteAsOther.status).toBe(404);
    expect(await autoTopups('blitzmobil', other.token)).toEqual([]);
    expect((await call('POST', '/api/topup/autotopup/query', 'blitzmobil', {})).body.code).toBe(
      'AUTHORIZATION_REQUIRED',
    );
    expect((await autoTopups('blitzmobil', blitz))[0]).toMatchObject({ status: 'ENABLED' });
  });

  it('deletes in one step: the entry is gone and its card is no longer recurring', async () => {
    const { freshAccount, autoTopups, methods, call } = shopper();
    const { token } = await freshAccount('kartenkiosk');
    const number = freshNumber('+49151');
    await paidSetup(
      'kartenkiosk',
      token,
      lowBalance('blitzmobil-automatic', number, { lowBalanceOption: { lowBalanceLimit: 200 } }),
    );
    const [row] = await autoTopups('kartenkiosk', token);
    const deleted = await call(
      'POST',
      '/api/topup/autotopup/delete',
      'kartenkiosk',
      { autoTopupId: row?.autoTopupId, paymentToken: row?.paymentToken },
      token,
    );
    expect(deleted).toMatchObject({
      status: 200,
      body: { status: 'successfulDelete', message: 'successfulDelete' },
    });
    expect(await autoTopups('kartenkiosk', token)).toEqual([]);
    expect((await methods('kartenkiosk', token))[0]).toMatchObject({ recurring: false, inUse: false });
    const again = await call(
      'POST',
      '/api/topup/autotopup/delete',
      'kartenkiosk',
      { autoTopupId: row?.autoTopupId },
      token,
    );
    expect(again.status).toBe(404);
    // The number may have a low-balance top-up again.
    expect(
      (
        await paidSetup(
          'kartenkiosk',
          token,
          lowBalance('blitzmobil-automatic', number, { lowBalanceOption: { lowBalanceLimit: 200 } }),
        )
      ).committed?.body.orderStatus,
    ).toBe('committed');
  });
});
