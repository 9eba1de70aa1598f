import { describe, expect, it } from 'vitest';
import { createSandboxPaymentProvider, type PaymentProvider } from '../src/adapters/payment-provider';
import type { PaymentProviders } from '../src/adapters/payment-providers';
import { startPgBossQueue } from '../src/jobs/pg-boss';
import { startWorker } from '../src/jobs/worker';
import { apiForFile } from './api-for-file';
import { freePort, WEBHOOK_SECRET } from './harness';
import { waitFor } from './processes';
import { shopperClient } from './saved-methods-support';

/**
 * A deleted account's saved methods are deleted at the provider too (decision 0064), by a job
 * the deletion stores. No worker runs beside the API: each test starts the workers it needs, with
 * the provider reachable or not.
 */
const api = apiForFile({ worker: false });
const { freshAccount, saveCard } = shopperClient(api);

const TENANT = 'funkfix';
/** The password of `freshAccount`'s accounts. */
const PASSWORD = 'Violet-Harbour-42';

/** The one provider of every tenant: funkfix's own, the only tenant here. */
const singleProvider = (provider: PaymentProvider): PaymentProviders => ({
  of: () => provider,
  forMethod: () => ({ name: 'sandbox', provider }),
});

/** A provider nobody answers for: every call fails as during an outage. */
const unreachableProvider = async () =>
  createSandboxPaymentProvider({
    baseUrl: `http://127.0.0.1:${await freePort()}`,
    webhookSecret: WEBHOOK_SECRET,
    retries: 0,
    timeoutMs: 500,
  });

/** A worker process's queue and jobs, with this provider. */
async function workerWith(providers: PaymentProviders) {
  const jobs = await startPgBossQueue({
    db: api.database,
    maintains: false,
    expireSeconds: 300,
    onError: () => {},
  });
  return startWorker({
    jobs,
    services: { ...api.services, providers },
    reconcileEverySeconds: 60,
    scheduled: false,
  });
}

/** A new account with a card saved on it, and the card's token at the provider. */
async function accountWithCard() {
  const { token } = await freshAccount(TENANT);
  const { id, confirmed } = await saveCard(TENANT, token);
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  const { rows } = await api.database.executeSql(
    'select provider_token_id from payment_tokens where id = $1',
    [id],
  );
  const providerTokenId = rows[0]?.provider_token_id as string;
  expect(await providerStatus(providerTokenId)).toBe('ACTIVE');
  return { token, providerTokenId };
}

/** The token as the provider shows it: `ACTIVE` can be charged, `DELETED` never again. */
async function providerStatus(providerTokenId: string): Promise<string> {
  const response = await fetch(`${api.sandbox.baseUrl}/psp/tokens/${providerTokenId}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { status: string }).status;
}

const deleteAccount = (request: typeof api.request, token: string) =>
  request('/api/shop/rest/account/delete', {
    method: 'POST',
    headers: {
      'X-Tenant-Id': TENANT,
      'X-Forwarded-Host': `${TENANT}.localhost:3000`,
      'Content-Type': 'application/json',
      Authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({ password: PASSWORD }),
  });

const deletionJob = async (providerTokenId: string) => {
  const { rows } = await api.database.executeSql(
    `select state from pgboss.job where name = 'delete-provider-token' and data->>'providerTokenId' = $1`,
    [providerTokenId],
  );
  return rows[0]?.state as string | undefined;
};

/** Runs a worker with the sandbox provider until it has deleted the token there. */
async function deletedByWorker(providerTokenId: string) {
  const worker = await workerWith(api.services.providers);
  try {
    await waitFor(
      'the token deleted at the provider',
      async () => ((await providerStatus(providerTokenId)) === 'DELETED' ? true : undefined),
      20_000,
    );
  } finally {
    await worker.stop(1_000);
  }
}

describe('deleting an account with a saved card', () => {
  it('deletes the card’s token at the provider', async () => {
    const { token, providerTokenId } = await accountWithCard();

    expect((await deleteAccount(api.request, token)).status).toBe(200);

    await deletedByWorker(providerTokenId);
  });

  it('succeeds while the provider cannot be reached, and the token is deleted once it can be', async () => {
    const { token, providerTokenId } = await accountWithCard();
    const unreachable = await unreachableProvider();
    const cutOff = await api.another(undefined, { providers: singleProvider(unreachable) });

    expect((await deleteAccount(cutOff.request, token)).status).toBe(200);
    expect(await deletionJob(providerTokenId)).toBe('created');

    const cutOffWorker = await workerWith(singleProvider(unreachable));
    try {
      await waitFor('the deletion job failed and waiting to be tried again', async () =>
        (await deletionJob(providerTokenId)) === 'retry' ? true : undefined,
      );
    } finally {
      await cutOffWorker.stop(1_000);
    }
    expect(await providerStatus(providerTokenId)).toBe('ACTIVE');

    // The back-off's first wait (10-20 s) is skipped: the provider is back.
    await api.database.executeSql(
      `update pgboss.job set start_after = now() where name = 'delete-provider-token' and data->>'providerTokenId' = $1`,
      [providerTokenId],
    );
    await deletedByWorker(providerTokenId);
    await waitFor('the deletion job completed', async () =>
      (await deletionJob(providerTokenId)) === 'completed' ? true : undefined,
    );
  });
});
