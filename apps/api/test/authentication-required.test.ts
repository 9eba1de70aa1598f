import { schema } from '@shop/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiForFile } from './api-for-file';
import { checkoutClient } from './checkout-support';
import { waitFor } from './processes';
import { CARD, freshNumber, setupClient, shopperClient } from './saved-methods-support';

/**
 * A saved card whose bank wants its holder for every charge (3-D Secure on merchant-initiated
 * charges; the card 4000 0027 6000 3184 at both providers): an automatic top-up charges nothing,
 * tells the shopper by SMS and e-mail with a link, and the link opens the top-up to pay while
 * present, once (decision 0068).
 */
const api = apiForFile();
const checkout = checkoutClient(api);
const { call, freshAccount, autoTopups } = shopperClient(api);
const { paidSetup } = setupClient(api);
const ALWAYS_AUTHENTICATE = CARD('4000 0027 6000 3184');

const lowBalanceEvent = (msisdn: string, balance: number) =>
  fetch(`${api.sandbox.baseUrl}/operator/events/low-balance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ msisdn, balance }),
  });

/** Pays a started payment on the provider's page with a card that asks for 3-D Secure, passed. */
async function payWithAuthentication(payerUrl: string) {
  const challenge = await api.sandbox.client.act(payerUrl, 'approve', ALWAYS_AUTHENTICATE);
  await api.sandbox.client.act(challenge.redirectUrl, 'complete');
}

const SHOPS = [
  { tenant: 'funkfix', provider: 'the sandbox provider', number: () => freshNumber(), limit: 500 },
  { tenant: 'alpenfunk', provider: 'Stripe', number: () => freshNumber('+43660', 7), limit: 200 },
];

describe.each(SHOPS)(
  'a charge that needs the cardholder on $tenant ($provider)',
  ({ tenant, number, limit }) => {
    it('charges nothing, sends a link by SMS and e-mail, and the link tops up once with the shopper present', {
      timeout: 90_000,
    }, async () => {
      const { token, email } = await freshAccount(tenant);
      const msisdn = number();
      const setup = {
        productId: `${tenant}-automatic`,
        amount: 1500,
        phoneNumber: msisdn,
        autoTopupOption: 'LOW_BALANCE',
        lowBalanceOption: { lowBalanceLimit: limit },
      };
      expect((await paidSetup(tenant, token, setup, ALWAYS_AUTHENTICATE)).committed?.body.orderStatus).toBe(
        'committed',
      );
      const [topup] = await autoTopups(tenant, token, { msisdn });
      expect(topup).toMatchObject({ status: 'ENABLED', autoTopupType: 'LOW_BALANCE' });

      expect((await lowBalanceEvent(msisdn, 100)).status).toBe(202);
      const sms = await waitFor('the SMS with the link', async () =>
        (await api.sandbox.client.outbox(msisdn)).find((message) =>
          message.text.includes('notificationCode'),
        ),
      );
      const link = new URL(sms.text.match(/https?:\/\/\S+/)?.[0] ?? '');
      const mail = await waitFor('the e-mail with the link', async () =>
        (await api.sandbox.client.outbox(email)).find((message) => message.text.includes(link.toString())),
      );
      expect(mail.text).toMatch(/15\s€/);
      expect(await api.sandbox.client.balance(msisdn)).toBe(100);
      const [run] = await api.database.db
        .select()
        .from(schema.autoTopupRuns)
        .where(eq(schema.autoTopupRuns.autoTopupId, String(topup?.autoTopupId)));
      expect(run).toMatchObject({ state: 'GAVE_UP', reason: 'authentication required' });
      // The top-up stays on for the next low balance.
      expect((await autoTopups(tenant, token, { msisdn }))[0]).toMatchObject({ status: 'ENABLED' });

      const opened = {
        hash: link.searchParams.get('hash'),
        notificationCode: link.searchParams.get('notificationCode'),
      };
      const query = () => call('POST', '/api/topup/autotopuplight/query', tenant, opened, token);
      expect((await query()).body).toMatchObject({ msisdn, amount: 1500, purpose: 'AUTHENTICATION' });
      const paying = await checkout.newCart(tenant, [
        {
          productId: `${tenant}-topup-1500`,
          phoneNumber: msisdn,
          autoTopupLight: true,
          autoTopupLightNotificationId: opened.notificationCode,
        },
      ]);
      const pay = await call(
        'POST',
        '/api/shop/rest/checkout-start-payment',
        tenant,
        { cartName: paying, paymentMethod: 'creditcard' },
        token,
      );
      expect(pay.status, JSON.stringify(pay.body)).toBe(200);
      await payWithAuthentication(pay.body.payerUrl);
      expect(await checkout.commitUntilFinal(tenant, paying, pay.body.orderNumber, {}, token)).toMatchObject({
        orderStatus: 'committed',
        creditAdded: 1500,
      });
      expect(await api.sandbox.client.balance(msisdn)).toBe(1600);
      expect((await query()).body).toMatchObject({ code: 'UNABLE_QUERY_AUTO_TOPUP_LIGHT' });
    });
  },
);
