import { describe, expect, it } from 'vitest';
import { apiForFile } from './api-for-file';
import { checkoutClient, GOOD_CARD, guestAddress } from './checkout-support';
import { waitFor } from './processes';
import { CARD, freshNumber, shopperClient } from './saved-methods-support';

/** Spec §7 Payment methods and paying with a saved method (decision 0039). */
const api = apiForFile();
const shopper = () => shopperClient(api);

/** Waits until the provider holds the saved method's token in `status` (a job forgets it there). */
async function atProvider(id: string, status: 'ACTIVE' | 'DELETED') {
  const { rows } = await api.database.executeSql(
    'select provider_token_id as "providerTokenId" from payment_tokens where id = $1',
    [id],
  );
  const providerTokenId = String(rows[0]?.providerTokenId);
  return waitFor(`the token of ${id} ${status} at the provider`, async () => {
    const answer = await fetch(`${api.sandbox.baseUrl}/psp/tokens/${providerTokenId}`);
    const token = (await answer.json()) as { status: string };
    return token.status === status ? token : undefined;
  });
}

describe('the saved payment methods of an account', () => {
  it("lists the demo account's card with its expiry as MM/YY, and the top-up that uses it", async () => {
    const { signIn, methods } = shopper();
    const [card, ...others] = await methods('funkfix', await signIn('funkfix'));
    expect(others).toEqual([]);
    expect(card).toMatchObject({
      name: 'Demo card',
      method: 'creditcard',
      cardBrand: 'visa',
      cardLast4: '1111',
      status: 'ACTIVE',
      inUse: true,
      recurring: true,
    });
    expect(card?.cardExpiryDate).toMatch(/^\d{2}\/\d{2}$/);
    expect(card?.paymentTokenId).toBe(card?.id);
  });

  it('saves a card through the provider’s page and answers the payment-methods page, the same when confirmed again', async () => {
    const { freshAccount, saveCard, methods, call } = shopper();
    const { token } = await freshAccount('ladeplatz');
    const { id, confirmed } = await saveCard('ladeplatz', token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ context: 'account', message: 'paymentMethodAdded' });
    expect(confirmed.body.payerUrl).toBe(
      'http://ladeplatz.localhost:3000/account/settings/payment-methods?message=paymentMethodAdded',
    );
    expect(confirmed.body.paymentToken).toMatchObject({
      id,
      name: 'Mastercard •••• 4444',
      cardExpiryDate: '12/39',
      inUse: false,
    });
    const again = await call('POST', '/api/shop/rest/payment-tokens/confirm', 'ladeplatz', { id }, token);
    expect(again.body).toEqual(confirmed.body);
    expect((await methods('ladeplatz', token)).map((method) => method.id)).toEqual([id]);
  });

  it('refuses to save the same card twice, and tells a cancelled, a declined and an unfinished one apart', async () => {
    const { freshAccount, saveCard, call, methods } = shopper();
    const { token } = await freshAccount('ladeplatz');
    await saveCard('ladeplatz', token);
    const twice = await saveCard('ladeplatz', token);
    expect(twice.confirmed).toMatchObject({ status: 409, body: { code: 'PAYMENT_TOKEN_ALREADY_EXISTS' } });
    // A PayPal account is known by its e-mail: the same one again is refused, another is kept.
    const paypal = (paypalEmail: string) =>
      saveCard('ladeplatz', token, { paypalEmail }, { paymentMethod: 'paypal' });
    expect((await paypal('ann@example.org')).confirmed.status).toBe(200);
    expect((await paypal('ANN@example.org')).confirmed.body.code).toBe('PAYMENT_TOKEN_ALREADY_EXISTS');
    expect((await paypal('bob@example.org')).confirmed.status).toBe(200);
    // The provider forgets the second token; the first stays chargeable.
    await atProvider(twice.id, 'DELETED');
    const [kept] = await methods('ladeplatz', token);
    await atProvider(String(kept?.id), 'ACTIVE');
    // The shopper reloads the page they came back to: the same answer.
    const reloaded = await call(
      'POST',
      '/api/shop/rest/payment-tokens/confirm',
      'ladeplatz',
      { id: twice.id },
      token,
    );
    expect(reloaded.body.code).toBe('PAYMENT_TOKEN_ALREADY_EXISTS');

    const start = async () =>
      (
        await call(
          'POST',
          '/api/shop/rest/payment-tokens/create',
          'ladeplatz',
          { paymentMethod: 'creditcard' },
          token,
        )
      ).body;
    const confirm = (id: string) =>
      call('POST', '/api/shop/rest/payment-tokens/confirm', 'ladeplatz', { id }, token);
    const unfinished = await start();
    expect((await confirm(unfinished.id)).body.code).toBe('PAYMENT_TOKEN_STATUS_ERROR');
    await api.sandbox.client.act(unfinished.payerUrl, 'cancel');
    expect((await confirm(unfinished.id)).body.code).toBe('TOKEN_STATUS_CANCELED');
    const declined = await start();
    await api.sandbox.client.act(declined.payerUrl, 'approve', CARD('4000 0000 0000 0002'));
    expect((await confirm(declined.id)).body.code).toBe('PAYMENT_TOKEN_STATUS_ERROR');
    expect(await methods('ladeplatz', token)).toHaveLength(3);
  });

  it('refuses unknown ids, malformed bodies, methods that cannot be saved, and callers without a session', async () => {
    const { call, signIn } = shopper();
    const token = await signIn('belwaarde');
    const unknown = await call(
      'POST',
      '/api/shop/rest/payment-tokens/confirm',
      'belwaarde',
      { id: '7c9e6679-7425-40de-944b-e07fc1f90ae7' },
      token,
    );
    expect(unknown).toMatchObject({ status: 404, body: { code: 'UNKNOWN_PAYMENT_TOKEN_ID' } });
    expect(
      (await call('POST', '/api/shop/rest/payment-tokens/delete', 'belwaarde', { id: 'not-an-id' }, token))
        .body.code,
    ).toBe('VALIDATION_FAILED');
    expect(
      (
        await call(
          'POST',
          '/api/shop/rest/payment-tokens/create',
          'belwaarde',
          { paymentMethod: 'ideal' },
          token,
        )
      ).body.code,
    ).toBe('PAYMENT_METHOD_IS_NOT_AVAILABLE');
    expect(
      (
        await call(
          'POST',
          '/api/shop/rest/payment-tokens/create',
          'belwaarde',
          { paymentMethod: 'paypal' },
          token,
        )
      ).body.code,
    ).toBe('PAYMENT_METHOD_IS_NOT_AVAILABLE');
    expect((await call('GET', '/api/shop/rest/payment-tokens', 'belwaarde')).body.code).toBe(
      'AUTHORIZATION_REQUIRED',
    );
    expect(
      (await call('GET', '/api/shop/rest/payment-tokens', 'tarifwerk', undefined, token)).body.code,
    ).toBe('AUTHORIZATION_REQUIRED');
    expect(
      (
        await call(
          'PUT',
          '/api/shop/rest/payment-tokens/update',
          'belwaarde',
          { paymentTokenId: 'x', name: 'A' },
          token,
        )
      ).status,
    ).toBe(400);
  });

  it('renames a method, keeps a used one recurring, and deletes only one no top-up uses', async () => {
    const { signIn, saveCard, methods, call } = shopper();
    const token = await signIn('blitzmobil');
    const [demo] = await methods('blitzmobil', token);
    const { id } = await saveCard('blitzmobil', token, CARD('5555 5555 5555 4444', '11/38'));
    const renamed = await call(
      'PUT',
      '/api/shop/rest/payment-tokens/update',
      'blitzmobil',
      { paymentTokenId: id, name: 'Travel card' },
      token,
    );
    expect(renamed).toMatchObject({ status: 200, body: { id, name: 'Travel card' } });
    const wrongCurrency = await call(
      'PUT',
      '/api/shop/rest/payment-tokens/update',
      'blitzmobil',
      { paymentTokenId: id, currency: 'GBP' },
      token,
    );
    expect(wrongCurrency.body.code).toBe('VALIDATION_FAILED');
    const notRecurring = await call(
      'PUT',
      '/api/shop/rest/payment-tokens/update',
      'blitzmobil',
      { paymentTokenId: demo?.id, recurring: false },
      token,
    );
    expect(notRecurring).toMatchObject({ status: 409, body: { code: 'DISALLOWED_PAYMENT_TOKEN_ID' } });
    const used = await call(
      'POST',
      '/api/shop/rest/payment-tokens/delete',
      'blitzmobil',
      { id: demo?.id },
      token,
    );
    expect(used).toMatchObject({ status: 409, body: { code: 'DISALLOWED_PAYMENT_TOKEN_ID' } });
    const deleted = await call('POST', '/api/shop/rest/payment-tokens/delete', 'blitzmobil', { id }, token);
    expect(deleted).toMatchObject({
      status: 200,
      body: { status: 'successfulDelete', message: 'successfulDelete' },
    });
    expect((await methods('blitzmobil', token)).map((method) => method.id)).toEqual([demo?.id]);
    await atProvider(id, 'DELETED');
    const again = await call('POST', '/api/shop/rest/payment-tokens/delete', 'blitzmobil', { id }, token);
    expect(again.body.code).toBe('UNKNOWN_PAYMENT_TOKEN_ID');
  });

  it('keeps at most five methods per account', async () => {
    const { freshAccount, saveCard, call } = shopper();
    const { token } = await freshAccount('kartenkiosk');
    for (const expiry of ['01/35', '02/35', '03/35', '04/35', '05/35']) {
      expect(
        (await saveCard('kartenkiosk', token, CARD('5555 5555 5555 4444', expiry))).confirmed.status,
      ).toBe(200);
    }
    const sixth = await call(
      'POST',
      '/api/shop/rest/payment-tokens/create',
      'kartenkiosk',
      { paymentMethod: 'creditcard' },
      token,
    );
    expect(sixth).toMatchObject({ status: 409, body: { code: 'PAYMENT_TOKEN_LIMIT_IS_REACHED' } });
  });

  it("lets no account read, change or delete another's methods", async () => {
    const { freshAccount, saveCard, methods, call } = shopper();
    const owner = await freshAccount('ladeplatz');
    const other = await freshAccount('ladeplatz');
    const { id } = await saveCard('ladeplatz', owner.token);
    expect(await methods('ladeplatz', other.token)).toEqual([]);
    for (const [method, path, body] of [
      ['PUT', '/api/shop/rest/payment-tokens/update', { paymentTokenId: id, name: 'Mine now' }],
      ['POST', '/api/shop/rest/payment-tokens/delete', { id }],
      ['POST', '/api/shop/rest/payment-tokens/confirm', { id }],
    ] as const) {
      expect((await call(method, path, 'ladeplatz', body, other.token)).body.code).toBe(
        'UNKNOWN_PAYMENT_TOKEN_ID',
      );
    }
    expect((await methods('ladeplatz', owner.token)).map((method) => method.name)).toEqual([
      'Mastercard •••• 4444',
    ]);
  });
});

describe('paying with a saved method', () => {
  it('charges the saved card without a payer page, once however often the start is repeated, and tops up', async () => {
    const { signIn, call } = shopper();
    const checkout = checkoutClient(api);
    const token = await signIn('rechargeplus');
    const [card] = (await call('GET', '/api/shop/rest/payment-tokens', 'rechargeplus', undefined, token)).body
      .paymentTokens;
    const number = freshNumber('+33612', 6);
    const before = await api.sandbox.client.balance(number);
    const cartName = await checkout.newCart('rechargeplus', [
      { productId: 'rechargeplus-topup-1500', phoneNumber: number },
    ]);
    expect(
      (
        await call(
          'POST',
          '/api/shop/rest/checkout-address',
          'rechargeplus',
          { cartName, deliveryAddress: guestAddress() },
          token,
        )
      ).status,
    ).toBe(200);
    const start = () =>
      call(
        'POST',
        '/api/shop/rest/checkout-start-payment',
        'rechargeplus',
        { cartName, paymentMethod: 'creditcard', paymentTokenId: card.id },
        token,
      );
    const [first, second] = await Promise.all([start(), start()]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(second.body.orderNumber).toBe(first.body.orderNumber);
    expect(first.body.payerUrl).toBe(first.body.returnUrl);
    expect(first.body.payerUrl).toContain('/shop/checkout/result');
    const commit = await checkout.commitUntilFinal(
      'rechargeplus',
      cartName,
      first.body.orderNumber,
      {},
      token,
    );
    expect(commit.orderStatus).toBe('committed');
    expect(await api.sandbox.client.balance(number)).toBe(before + 1500);
    const order = await checkout.order('rechargeplus', first.body.orderNumber, cartName);
    expect(order.body).toMatchObject({ paymentStatus: 'CAPTURED', amount: 1500 });
  });

  it('refuses a saved method to a guest and to another account, and one that is not the account’s', async () => {
    const { signIn, freshAccount, call } = shopper();
    const checkout = checkoutClient(api);
    const owner = await signIn('topnet');
    const [card] = (await call('GET', '/api/shop/rest/payment-tokens', 'topnet', undefined, owner)).body
      .paymentTokens;
    const cartName = await checkout.newCart('topnet', [
      { productId: 'topnet-topup-1500', phoneNumber: freshNumber('+447712', 6) },
    ]);
    await call('POST', '/api/shop/rest/checkout-address', 'topnet', {
      cartName,
      deliveryAddress: guestAddress(),
    });
    const asGuest = await call('POST', '/api/shop/rest/checkout-start-payment', 'topnet', {
      cartName,
      paymentMethod: 'creditcard',
      paymentTokenId: card.id,
    });
    expect(asGuest.body.code).toBe('AUTHORIZATION_REQUIRED');
    const other = await freshAccount('topnet');
    const asOther = await call(
      'POST',
      '/api/shop/rest/checkout-start-payment',
      'topnet',
      { cartName, paymentMethod: 'creditcard', paymentTokenId: card.id },
      other.token,
    );
    expect(asOther.body.code).toBe('UNKNOWN_PAYMENT_TOKEN_ID');
    const made = await call(
      'POST',
      '/api/shop/rest/checkout-start-payment',
      'topnet',
      { cartName, paymentMethod: 'creditcard', paymentTokenId: 'tok_made_up' },
      other.token,
    );
    expect(made.body.code).toBe('UNKNOWN_PAYMENT_TOKEN_ID');
  });

  it('keeps the method a signed-in shopper saves while paying at the provider, once per card or PayPal account', async () => {
    const { freshAccount, call, methods, contactConfirmed } = shopper();
    const checkout = checkoutClient(api);
    const { token } = await freshAccount('weltaufladen');
    /** A paid top-up with the save box ticked, approved at the provider with `approval`. */
    async function payAndSave(paymentMethod: string, approval: object) {
      const number = freshNumber();
      const cartName = await checkout.newCart('weltaufladen', [
        { productId: 'funkfix-topup-1500', phoneNumber: number },
      ]);
      await contactConfirmed('weltaufladen', cartName, number, token, { savePayment: true });
      const started = await call(
        'POST',
        '/api/shop/rest/checkout-start-payment',
        'weltaufladen',
        { cartName, paymentMethod, savePayment: true },
        token,
      );
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      await api.sandbox.client.act(started.body.payerUrl, 'approve', approval);
      const commit = () =>
        checkout.commitUntilFinal('weltaufladen', cartName, started.body.orderNumber, {}, token);
      expect((await commit()).orderStatus).toBe('committed');
      await commit();
      return started.body.orderNumber as string;
    }

    const orderNumber = await payAndSave('creditcard', GOOD_CARD);
    const saved = await methods('weltaufladen', token);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ name: 'Visa •••• 1111', orderNumber, cardExpiryDate: '12/39' });
    // The same card again, and the same PayPal account in another case, are kept once.
    await payAndSave('creditcard', GOOD_CARD);
    await payAndSave('paypal', { paypalEmail: 'ann@example.org' });
    await payAndSave('paypal', { paypalEmail: 'Ann@Example.org' });
    await payAndSave('paypal', { paypalEmail: 'bob@example.org' });
    expect(await methods('weltaufladen', token)).toHaveLength(3);
  });
});
