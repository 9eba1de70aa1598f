import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETURN_URL, type Sandbox, startSandbox } from './test-support';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

const forms = (html: string) => [...html.matchAll(/<form\b[^>]*>/g)].map((match) => match[0]);
const links = (html: string) => [...html.matchAll(/<a\b[^>]*>/g)].map((match) => match[0]);

describe('embedded pages (?embedded=1)', () => {
  it.each(['creditcard', 'paypal', 'ideal', 'crypto', 'applepay'])(
    'lays out a %s payment compactly, every form posting to the top window',
    async (method) => {
      const paymentId = await sandbox.createPayment({ method });
      const { status, text } = await sandbox.call('GET', `/psp/pay/${paymentId}?embedded=1`);
      expect(status).toBe(200);
      expect(text).toContain('<body class="embedded">');
      expect(forms(text)).toHaveLength(3);
      for (const form of forms(text)) expect(form).toContain('target="_top"');
    },
  );

  it('keeps the full layout, with forms in the same window, without the query', async () => {
    const paymentId = await sandbox.createPayment();
    const { text } = await sandbox.call('GET', `/psp/pay/${paymentId}`);
    expect(text).toContain('<body>');
    expect(text).not.toContain('target="_top"');
  });

  it('sends the whole window on to the 3-D Secure page and back to the shop', async () => {
    const paymentId = await sandbox.createPayment();
    await sandbox.act(paymentId, 'approve', { cardNumber: '4000000000003220', expiry: '12/99', cvc: '123' });
    const awaiting = await sandbox.call('GET', `/psp/pay/${paymentId}?embedded=1`);
    expect(links(awaiting.text)).toEqual([expect.stringContaining('target="_top"')]);
    const authentication = await sandbox.call('GET', `/psp/pay/${paymentId}/3ds?embedded=1`);
    for (const form of forms(authentication.text)) expect(form).toContain('target="_top"');
    await sandbox.act(paymentId, '3ds/complete');
    const finished = await sandbox.call('GET', `/psp/pay/${paymentId}?embedded=1`);
    expect(links(finished.text)).toEqual([expect.stringContaining('target="_top"')]);
  });

  it('embeds the save page too', async () => {
    const tokenId = await sandbox.createToken();
    const { text } = await sandbox.call('GET', `/psp/save/${tokenId}?embedded=1`);
    expect(text).toContain('<body class="embedded">');
    for (const form of forms(text)) expect(form).toContain('target="_top"');
  });

  it('lets any site frame the pages', async () => {
    const paymentId = await sandbox.createPayment();
    const tokenId = await sandbox.createToken();
    for (const path of [
      `/psp/pay/${paymentId}?embedded=1`,
      `/psp/pay/${paymentId}/3ds`,
      `/psp/save/${tokenId}`,
    ]) {
      const { headers } = await sandbox.call('GET', path);
      expect(headers.get('x-frame-options')).toBeNull();
      expect(headers.get('content-security-policy')).not.toContain('frame-ancestors');
    }
  });
});

describe('PayPal in iframe mode', () => {
  const iframe = { paypal: { iframe: true } };

  it('returns to the shop with a stable PayPal order token besides paymentId and status', async () => {
    const paymentId = await sandbox.createPayment({ method: 'paypal', additionalData: iframe });
    const { redirectUrl } = (await sandbox.act(paymentId, 'approve')).json;
    const query = new URL(redirectUrl).searchParams;
    expect(query.get('paymentId')).toBe(paymentId);
    expect(query.get('status')).toBe('CAPTURED');
    expect(query.get('cart')).toBe('42');
    expect(query.get('token')).toMatch(/^EC-[A-Z0-9]{17}$/);
    expect(query.has('approval_session_id')).toBe(false);
    const page = await sandbox.call('GET', `/psp/pay/${paymentId}`);
    expect(page.text).toContain(`token=${query.get('token')}`);
  });

  it('adds a stable approval_session_id when the payment saves the PayPal account', async () => {
    const paymentId = await sandbox.createPayment({
      method: 'paypal',
      savePaymentMethod: true,
      additionalData: iframe,
    });
    const cancelled = new URL((await sandbox.act(paymentId, 'cancel')).json.redirectUrl).searchParams;
    expect(cancelled.get('token')).toMatch(/^EC-/);
    expect(cancelled.get('approval_session_id')).toMatch(/^[A-Z0-9]{17}$/);
    const page = await sandbox.call('GET', `/psp/pay/${paymentId}`);
    expect(page.text).toContain(`approval_session_id=${cancelled.get('approval_session_id')}`);
  });

  it('leaves the return URL as it is without iframe mode, and for other methods', async () => {
    for (const overrides of [{ method: 'paypal' }, { method: 'creditcard', additionalData: iframe }]) {
      const paymentId = await sandbox.createPayment(overrides);
      const { redirectUrl } = (await sandbox.act(paymentId, 'approve')).json;
      const expected = new URL(RETURN_URL);
      expected.searchParams.set('paymentId', paymentId);
      expected.searchParams.set('status', 'CAPTURED');
      expect(redirectUrl).toBe(expected.toString());
    }
  });
});
