import Stripe from 'stripe';
import type { SandboxOptions } from '../app';
import { startSandbox } from '../psp/test-support';

/** A sandbox on a free port and the `stripe` SDK pointed at it, without retries. */
export async function startStripeSandbox(options: SandboxOptions = {}) {
  const sandbox = await startSandbox(options);
  const { port } = new URL(sandbox.base);
  const stripe = new Stripe('sk_test_sandbox', {
    host: '127.0.0.1',
    port: Number(port),
    protocol: 'http',
    maxNetworkRetries: 0,
  });
  return { ...sandbox, stripe };
}

export type StripeSandbox = Awaited<ReturnType<typeof startStripeSandbox>>;

/** The error a call rejects with, for asserting on its fields. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}
