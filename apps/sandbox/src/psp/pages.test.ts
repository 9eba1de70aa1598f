import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_BASE_URL, type Sandbox, startSandbox } from './test-support';
import { BANKS } from './types';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

async function hostedPage(overrides: Record<string, unknown> = {}, query = '') {
  const paymentId = await sandbox.createPayment(overrides);
  const response = await sandbox.call('GET', `/psp/pay/${paymentId}${query}`);
  return { paymentId, response, html: response.text };
}

describe('GET /psp/pay/{id}', () => {
  it('is a self-contained English page with the tenant, the amount and the three buttons', async () => {
    const { paymentId, response, html } = await hostedPage(
      { tenantName: 'Blitz <Mobil> Shop' },
      '?lang=de&x=1',
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain('Blitz &lt;Mobil&gt; Shop');
    expect(html).not.toContain('<Mobil>');
    expect(html).toContain('€12.34');
    expect(html).toContain('order-1001');
    expect(html).not.toMatch(/<(script|link|img)\b/);
    expect(html).not.toMatch(/(src|href)="https?:/);
    expect(html).toContain(`<form class="step" method="post" action="/psp/pay/${paymentId}/approve"`);
    expect(html).toContain('<button type="submit" class="primary">Approve</button>');
    expect(html).toContain(
      `<form method="post" action="/psp/pay/${paymentId}/decline"><button type="submit">Decline</button></form>`,
    );
    expect(html).toContain(
      `<form method="post" action="/psp/pay/${paymentId}/cancel"><button type="submit">Cancel</button></form>`,
    );
  });

  it('labels every input and select', async () => {
    for (const method of ['creditcard', 'paypal', 'ideal', 'crypto', 'paymentlink']) {
      const { html } = await hostedPage({ method });
      const ids = [...html.matchAll(/<(?:input|select)\b[^>]*\bid="([^"]+)"/g)].map((match) => match[1]);
      expect(ids.length).toBeGreaterThan(0);
      for (const id of ids) expect(html).toContain(`<label for="${id}">`);
    }
  });

  it('formats the amount by the currency', async () => {
    expect((await hostedPage({ amount: 500, currency: 'USD' })).html).toContain('$5.00');
    expect((await hostedPage({ amount: 1500, currency: 'JPY' })).html).toContain('¥1,500');
    expect((await hostedPage({ amount: 250000, currency: 'GBP' })).html).toContain('£2,500.00');
  });

  it('shows the card form for creditcard', async () => {
    const { html } = await hostedPage({ method: 'creditcard' });
    expect(html).toContain('<label for="cardNumber">Card number</label>');
    expect(html).toContain('<label for="expiry">Expiry (MM/YY)</label>');
    expect(html).toContain('<label for="cvc">CVC</label>');
    expect(html).toContain('autocomplete="cc-number"');
  });

  it('shows a PayPal login for paypal', async () => {
    const { html } = await hostedPage({ method: 'paypal' });
    expect(html).toContain('Log in to PayPal');
    expect(html).toContain('type="email"');
    expect(html).toContain('type="password"');
  });

  it('shows the fixed bank list for ideal', async () => {
    const { html } = await hostedPage({ method: 'ideal' });
    expect(html).toContain('<select id="bank" name="bank" required>');
    const options = [...html.matchAll(/<option value="([^"]+)">/g)].map((match) => match[1]);
    expect(options).toEqual([
      'ABN AMRO',
      'ASN Bank',
      'ING',
      'Rabobank',
      'SNS Bank',
      'SNS Regio Bank',
      'Triodos Bank',
      'Van Lanschot',
      'Knab',
      'Bunq',
      'Moneyou',
      'Handelsbanken',
    ]);
    expect(options).toEqual([...BANKS]);
  });

  it('shows a currency choice for crypto', async () => {
    const { html } = await hostedPage({ method: 'crypto' });
    for (const currency of ['BTC', 'ETH', 'USDC']) {
      expect(html).toContain(
        `<input type="radio" id="crypto-${currency}" name="cryptoCurrency" value="${currency}"`,
      );
    }
    expect(html).toContain('<legend>Pay in</legend>');
  });

  it('preselects the bank or currency the shopper already chose in the shop', async () => {
    const bank = await hostedPage({ method: 'ideal', additionalData: { ideal: { issuerId: 'RABONL2U' } } });
    expect(bank.html).toContain('<option value="Rabobank" selected>Rabobank</option>');
    const unknownBank = await hostedPage({
      method: 'ideal',
      additionalData: { ideal: { issuerId: 'NOPE' } },
    });
    expect(unknownBank.html).not.toContain(' selected>');
    const crypto = await hostedPage({
      method: 'crypto',
      additionalData: { triplea: { cryptoCurrency: 'USDC' } },
    });
    expect(crypto.html).toContain('name="cryptoCurrency" value="USDC" checked>');
    expect(crypto.html).not.toContain('name="cryptoCurrency" value="BTC" checked>');
  });

  it('shows an Apple Pay sheet for applepay', async () => {
    const { html } = await hostedPage({ method: 'applepay', tenantName: 'TopNet Store' });
    expect(html).toContain('<div class="sheet">');
    expect(html).toContain('Apple Pay');
  });

  it('shows the payer URL as a shareable link for paymentlink', async () => {
    const { paymentId, html } = await hostedPage({ method: 'paymentlink' });
    expect(html).toContain(
      `<input id="share-link" type="url" readonly value="${PUBLIC_BASE_URL}/psp/pay/${paymentId}"`,
    );
  });

  it('shows a finished payment without buttons, with a link back to the shop', async () => {
    const paymentId = await sandbox.createPayment();
    await sandbox.act(paymentId, 'approve');
    const { text } = await sandbox.call('GET', `/psp/pay/${paymentId}`);
    expect(text).toContain('This payment is captured.');
    expect(text).toContain('Return to FunkFix Shop');
    expect(text).not.toContain('<button');
  });

  it('answers 404 with a page for an unknown payment', async () => {
    const response = await sandbox.call('GET', '/psp/pay/pay_unknown');
    expect(response.status).toBe(404);
    expect(response.text).toContain('<h1>Unknown payment</h1>');
  });
});
