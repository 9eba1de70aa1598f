import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HeldAnswers, heldAnswers, SLOW_ANSWER_DELAY_MS } from '../operator/test-support';
import { type DtoneSandbox, startDtoneSandbox } from './test-support';

let sandbox: DtoneSandbox;
let held: HeldAnswers;
beforeAll(async () => {
  held = heldAnswers();
  sandbox = await startDtoneSandbox({ holdSlowAnswer: held.hold });
});
afterAll(() => sandbox.close());

const party = (mobile_number: string) => ({ credit_party_identifier: { mobile_number } });

describe('a top-up of a number ending in 7777', () => {
  it('completes and credits while the first answer is held, so the caller’s time-out fires', async () => {
    const msisdn = '+4917022227777';
    const timedOut = sandbox.topUp({ external_id: 'slow-1', ...party(msisdn) }, { timeoutMs: 300 });
    await expect(timedOut).rejects.toThrow();
    expect(held.delays).toEqual([SLOW_ANSWER_DELAY_MS]);

    const retry = await sandbox.topUp({ external_id: 'slow-1', ...party(msisdn) });
    expect(retry.status).toBe(400);
    expect(retry.json.errors[0].code).toBe(1007001);

    const [found] = await sandbox.byExternalId('slow-1');
    const completed = await sandbox.waitForStatus(found.id, 'COMPLETED');
    expect(completed.credit_party_identifier.mobile_number).toBe(msisdn);
    expect(await sandbox.balance(msisdn)).toBe(2000);
    expect(held.delays).toHaveLength(1);
    held.release();
  });

  it('sends the held answer once released: the transaction as it is then', async () => {
    const answer = sandbox.topUp({ external_id: 'slow-2', ...party('+4917022237777') });
    while (held.delays.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    await new Promise((resolve) => setTimeout(resolve, 100));
    held.release();
    const response = await answer;
    expect(response.status).toBe(201);
    expect(response.json.status.message).toBe('COMPLETED');
  });
});
