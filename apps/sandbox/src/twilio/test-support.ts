import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import type { SandboxOptions } from '../app';
import { startSandbox } from '../psp/test-support';
import { DEFAULT_TWILIO_ACCOUNT_SID, DEFAULT_TWILIO_AUTH_TOKEN } from './options';

/**
 * Helpers for the Twilio stand-in's tests: a sandbox with the official `twilio` SDK pointed at
 * it, raw calls for what the SDK will not send, and a receiver for Twilio's webhooks.
 */

/**
 * The SDK's own HTTP client, with every request to `https://api.twilio.com` sent to the sandbox's
 * `/twilio` instead: how an adapter points the SDK at the sandbox (`httpClient` option).
 */
export class SandboxRequestClient extends twilio.RequestClient {
  constructor(private readonly sandboxBase: string) {
    super({ timeout: 5_000 });
  }

  override request<TData>(options: RequestClient.RequestOptions<TData>) {
    const uri = options.uri.replace('https://api.twilio.com', `${this.sandboxBase}/twilio`);
    return super.request<TData>({ ...options, uri });
  }
}

/** A sandbox on a free port, with short status and retry delays, and an SDK client of its account. */
export async function startTwilioSandbox(options: SandboxOptions = {}) {
  const sandbox = await startSandbox({ twilioStatusDelayMs: 5, ...options });
  const client = (
    username = DEFAULT_TWILIO_ACCOUNT_SID,
    password = DEFAULT_TWILIO_AUTH_TOKEN,
    accountSid?: string,
  ) =>
    twilio(username, password, {
      httpClient: new SandboxRequestClient(sandbox.base),
      ...(accountSid ? { accountSid } : {}),
    });
  return {
    ...sandbox,
    twilio: client(),
    client,
    /** A form POST to the sandbox's Twilio API as the default account, for what the SDK will not send. */
    async postForm(path: string, fields: Record<string, string>, password = DEFAULT_TWILIO_AUTH_TOKEN) {
      const credentials = Buffer.from(`${DEFAULT_TWILIO_ACCOUNT_SID}:${password}`).toString('base64');
      const response = await fetch(`${sandbox.base}/twilio${path}`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${credentials}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams(fields).toString(),
      });
      return {
        status: response.status,
        headers: response.headers,
        json: (await response.json()) as Record<string, unknown>,
      };
    },
    /** The texts of the outbox's messages to a number, newest first. */
    async outbox(
      to: string,
    ): Promise<Array<{ channel: string; to: string; from: string | null; text: string }>> {
      return (await sandbox.call('GET', `/outbox?to=${encodeURIComponent(to)}`)).json;
    },
  };
}

export type TwilioSandbox = Awaited<ReturnType<typeof startTwilioSandbox>>;

export const MESSAGES_PATH = `/2010-04-01/Accounts/${DEFAULT_TWILIO_ACCOUNT_SID}/Messages.json`;

export interface ReceivedRequest {
  /** The URL the request went to, as Twilio signs it. */
  url: string;
  headers: IncomingHttpHeaders;
  params: Record<string, string>;
}

/**
 * A receiver of Twilio's webhooks: answers each request with the next of `answers` (then 204),
 * records each with its form parameters.
 */
export async function startTwilioReceiver(answers: Array<{ status: number; body?: string }> = []) {
  const received: ReceivedRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const params = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      received.push({ url: `${base}${request.url ?? ''}`, headers: request.headers, params });
      const answer = answers.shift() ?? { status: 204 };
      response.statusCode = answer.status;
      if (answer.body !== undefined) response.setHeader('content-type', 'text/xml');
      response.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    received,
    /** Resolves once `count` requests have arrived; fails after `timeoutMs`. */
    async waitFor(count: number, timeoutMs = 3_000): Promise<ReceivedRequest[]> {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} requests, got ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return received.slice(0, count);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type TwilioReceiver = Awaited<ReturnType<typeof startTwilioReceiver>>;

/** Whether a received request carries Twilio's signature for the Auth Token, checked by the SDK. */
export function signedFor(request: ReceivedRequest, authToken = DEFAULT_TWILIO_AUTH_TOKEN): boolean {
  const signature = request.headers['x-twilio-signature'];
  return (
    typeof signature === 'string' && twilio.validateRequest(authToken, signature, request.url, request.params)
  );
}

/** The error a call rejects with, for asserting on its fields. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}
