import { describe, expect, it } from 'vitest';
import { apiForFile } from './api-for-file';
import { checkoutClient, GOOD_CARD } from './checkout-support';
import { waitFor } from './processes';

/**
 * The job queue as the API and its worker use it (decision 0019), on PostgreSQL and on the
 * embedded database alike: a webhook's commit is a job, tried again until the order is committed.
 * Nobody calls the commit here, and the harness's worker runs no reconciliation pass.
 */
const api = apiForFile();
const client = checkoutClient(api);

interface JobRow {
  state: string;
  retries: number;
}

const commitJobs = async () =>
  (
    await api.database.executeSql(
      `select state, retry_count as retries from pgboss.job where name = 'commit-order'`,
    )
  ).rows as unknown as JobRow[];

describe('background jobs', () => {
  it('a commit job that finds the order held by another commit is tried again until the order is committed', async () => {
    const msisdn = '+491703330001234';
    const before = await api.sandbox.client.balance(msisdn);
    const cartName = await client.newCart('funkfix', [
      { productId: 'funkfix-topup-1000', phoneNumber: msisdn },
    ]);
    const started = await client.startPayment('funkfix', { cartName, paymentMethod: 'creditcard' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const { payerUrl, orderNumber } = started.body as { payerUrl: string; orderNumber: string };
    // As if a commit had crashed holding the order: its lease runs out in two seconds.
    await api.database.executeSql(
      `update orders set fulfilment_lease_until = now() + interval '2 seconds' where order_number = $1`,
      [orderNumber],
    );
    await client.act(payerUrl, 'approve', GOOD_CARD);

    // The first try finds the order held and leaves it: the job waits for its next try.
    await waitFor('the commit job waiting for a retry', async () => {
      const [job] = await commitJobs();
      return job?.state === 'retry' ? job : undefined;
    });
    expect((await client.order('funkfix', orderNumber, cartName)).body.orderStatus).toBe('paymentAuthorized');

    await waitFor('the order committed by a later try', async () => {
      const { body } = await client.order('funkfix', orderNumber, cartName);
      return body.orderStatus === 'committed' ? body : undefined;
    });
    const jobs = await waitFor('the commit job completed', async () => {
      const rows = await commitJobs();
      return rows.every((job) => job.state === 'completed') ? rows : undefined;
    });
    expect(jobs).toHaveLength(1);
    expect(jobs[0]?.retries).toBeGreaterThanOrEqual(1);
    expect(await api.sandbox.client.balance(msisdn)).toBe(before + 1000);
    await waitFor('the payment captured', async () => {
      const payment = await api.sandbox.client.payment(payerUrl);
      return payment.status === 'CAPTURED' ? payment : undefined;
    }).then((payment) => expect(payment.capturedAmount).toBe(1000));
  }, 90_000);
});
