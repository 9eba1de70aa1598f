import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type RunningSandbox, startSandbox } from '@shop/sandbox/testing';
import {
  createSandboxPaymentProvider,
  type PaymentProvider,
  type WebhookHeaders,
} from '../src/adapters/payment-provider';
import { createStripePaymentProvider } from '../src/adapters/stripe/provider';
import { startFaultProxy } from './fault-proxy';

/**
 * The payment providers the port's contract suite runs against, each with what a test needs
 * around it: the adapter (reaching its provider through a proxy that can fail), the shopper's
 * steps on the provider's hosted page, the provider's test cards, and the webhooks it sent.
 */

export const TIMEOUT_MS = 400;
const PSP_SECRET = 'contract-psp-secret';
const STRIPE_SECRET = 'whsec_contract';

export interface Webhook {
  body: string;
  headers: WebhookHeaders;
}

export interface ProviderSubject {
  name: string;
  provider: PaymentProvider;
  proxy: Awaited<ReturnType<typeof startFaultProxy>>;
  cards: { approved: string; declined: string; threeDSecure: string; alwaysAuthenticate: string };
  /** The shopper pays with a card on the hosted page; answers where the page sends them. */
  payWithCard(payerUrl: string, card: string): Promise<string>;
  /** The shopper passes or fails 3-D Secure on the page `payWithCard` sent them to. */
  authenticate(challengeUrl: string, passed: boolean): Promise<string>;
  /** The webhooks sent so far, oldest first. */
  webhooks(): Webhook[];
  webhookUrl: string;
}

export interface ContractWorld {
  sandbox: RunningSandbox;
  subjects: ProviderSubject[];
  close(): Promise<void>;
}

/** A sandbox (both providers), a webhook receiver per provider, and both adapters behind proxies. */
export async function startContractWorld(): Promise<ContractWorld> {
  const pspHooks = await startReceiver();
  const stripeHooks = await startReceiver();
  const sandbox = await startSandbox({
    webhookSecret: PSP_SECRET,
    webhookRetryDelaysMs: [20, 20, 20],
    stripeWebhookUrl: stripeHooks.url,
    stripeWebhookSecret: STRIPE_SECRET,
  });
  const pspProxy = await startFaultProxy(sandbox.baseUrl);
  const stripeProxy = await startFaultProxy(sandbox.baseUrl);

  /** Calls a page's HTTP twin on the sandbox itself, whatever host its URL names. */
  async function twin(url: string, action: string, body: object = {}): Promise<string> {
    const { pathname } = new URL(url);
    const response = await fetch(`${sandbox.baseUrl}${pathname.replace(/\/$/, '')}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { redirectUrl?: string };
    if (!answer.redirectUrl)
      throw new Error(`${action} at ${pathname}: ${response.status} ${JSON.stringify(answer)}`);
    return answer.redirectUrl;
  }
  const authenticate = (challengeUrl: string, passed: boolean) =>
    twin(challengeUrl, passed ? 'complete' : 'fail');

  const subjects: ProviderSubject[] = [
    {
      name: 'the sandbox provider',
      provider: createSandboxPaymentProvider({
        baseUrl: pspProxy.url,
        webhookSecret: PSP_SECRET,
        timeoutMs: TIMEOUT_MS,
        retries: 2,
        backoffMs: [20],
      }),
      proxy: pspProxy,
      cards: {
        approved: '4111111111111111',
        declined: '4000000000000002',
        threeDSecure: '4000000000003220',
        alwaysAuthenticate: '4000002760003184',
      },
      payWithCard: (payerUrl, card) =>
        twin(payerUrl, 'approve', { cardNumber: card, expiry: '12/39', cvc: '123' }),
      authenticate,
      webhooks: () => pspHooks.received,
      webhookUrl: pspHooks.url,
    },
    {
      name: 'Stripe',
      provider: createStripePaymentProvider({
        secretKey: 'sk_test_contract',
        webhookSecret: STRIPE_SECRET,
        host: '127.0.0.1',
        port: stripeProxy.port,
        protocol: 'http',
        timeoutMs: TIMEOUT_MS,
        retries: 2,
      }),
      proxy: stripeProxy,
      cards: {
        approved: '4242424242424242',
        declined: '4000000000000002',
        threeDSecure: '4000000000003220',
        alwaysAuthenticate: '4000002760003184',
      },
      payWithCard: (payerUrl, card) =>
        twin(payerUrl, 'approve', { method: 'card', card: { number: card, expiry: '12/39', cvc: '123' } }),
      authenticate,
      webhooks: () => stripeHooks.received,
      webhookUrl: stripeHooks.url,
    },
  ];
  return {
    sandbox,
    subjects,
    async close() {
      await sandbox.close();
      await Promise.all([pspProxy.close(), stripeProxy.close(), pspHooks.close(), stripeHooks.close()]);
    },
  };
}

/** An endpoint that keeps every webhook it is sent and answers 204. */
async function startReceiver() {
  const received: Webhook[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      received.push({ body, headers: request.headers });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    received,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
