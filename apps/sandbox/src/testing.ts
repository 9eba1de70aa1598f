import { buildSandbox, type SandboxApp, type SandboxOptions } from './app';
import type { EntryLinkRequest } from './app-simulator/entry-links';
import type { AssertionRequest } from './idp/assertions';
import type { OutboxMessage } from './outbox/messages';
import type { paymentView } from './psp/payments';

export type { OutboxMessage, SandboxApp, SandboxOptions };

/** What a test asks the identity provider to sign: the number, and any of the rest. */
export type SandboxAssertionRequest = Pick<AssertionRequest, 'msisdn'> & Partial<AssertionRequest>;

/** A sandbox listening on a free port of 127.0.0.1, for tests and benchmarks of other parts. */
export interface RunningSandbox {
  app: SandboxApp;
  /** `http://127.0.0.1:{port}`: payer URLs, the outbox and the operator live under it. */
  baseUrl: string;
  smtpPort(): number;
  close(): Promise<void>;
}

/**
 * Starts a sandbox; `publicBaseUrl`, when the caller must know the address before the sandbox
 * starts (payer URLs carry it), names the port to listen on.
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const app = await buildSandbox(options);
  const port = options.publicBaseUrl ? Number(new URL(options.publicBaseUrl).port) : 0;
  const address = await app.listen({ port, host: '127.0.0.1' }).catch(async (error: unknown) => {
    await app.close();
    throw error;
  });
  return {
    app,
    baseUrl: options.publicBaseUrl ?? address,
    smtpPort: () => app.smtpPort(),
    close: () => app.close(),
  };
}

/** A payment as the sandbox provider shows it at `GET /psp/payments/{id}`. */
export type SandboxPayment = ReturnType<typeof paymentView>;

/** The sandbox's JSON calls that tests make as the outside world or to look at it. */
export function sandboxClient(baseUrl: string) {
  async function json<T>(path: string, init?: RequestInit): Promise<T> {
    const response = await fetch(`${baseUrl}${path}`, init);
    if (!response.ok) throw new Error(`sandbox ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }
  const paymentIdOf = (payerUrlOrId: string) => payerUrlOrId.split('?')[0]?.split('/').pop() ?? '';
  return {
    /** A number's prepaid balance at the operator, minor units. */
    balance: async (msisdn: string) =>
      (await json<{ balance: number }>(`/operator/balances/${encodeURIComponent(msisdn)}`)).balance,
    /** The messages sent to an address or number, newest first. */
    outbox: (to: string) => json<OutboxMessage[]>(`/outbox?to=${encodeURIComponent(to)}`),
    /**
     * The SMS/WhatsApp gateway refuses the next `count` messages to the number, for now (503) or,
     * `permanent`, for good (400 RECIPIENT_REFUSED).
     */
    failMessages: (to: string, count: number, { permanent = false }: { permanent?: boolean } = {}) =>
      json<{ to: string; count: number }>('/outbox/failures', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to, count, ...(permanent ? { permanent } : {}) }),
      }),
    /** The provider's payment, by its id or by its payer URL. */
    payment: (payerUrlOrId: string) => json<SandboxPayment>(`/psp/payments/${paymentIdOf(payerUrlOrId)}`),
    /** An assertion of the shop's identity provider, as its login page would hand it over. */
    assertion: async (shopId: string, request: SandboxAssertionRequest) =>
      (
        await json<{ assertion: string }>(`/idp/${shopId}/assertions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(request),
        })
      ).assertion,
    /** An entry link of the app simulator, as the shop's phone app would open it (docs/mobile-app.md). */
    entryLink: (request: Partial<EntryLinkRequest> & Pick<EntryLinkRequest, 'msisdn' | 'currency'>) =>
      json<{ entryUrl: string; returnUrl: string }>('/app-simulator/entry-links', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ shopId: 'callhome', ...request }),
      }),
    /** Puts a device id on the provider's declined list: every later payment with it is refused. */
    declineDevice: (deviceId: string) =>
      json<{ deviceId: string; declined: true }>('/psp/fraud/declined-devices', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ deviceId }),
      }),
    /** The HTTP twin of a button on the provider's page: approve, decline, cancel, … */
    act: (payerUrl: string, action: string, body: object = {}) =>
      json<{ redirectUrl: string }>(`${new URL(payerUrl).pathname}/${action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
  };
}

export type SandboxClient = ReturnType<typeof sandboxClient>;
