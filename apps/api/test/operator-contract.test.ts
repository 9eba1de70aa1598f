import { randomUUID } from 'node:crypto';
import { type RunningSandbox, sandboxClient, startSandbox } from '@shop/sandbox/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDtoneOperator, type DtoneCatalogue } from '../src/adapters/dtone/operator';
import {
  createHttpOperator,
  type Operator,
  OperatorUnavailableError,
  type TopupOutcome,
  type TopupRequest,
} from '../src/adapters/operator';
import { startFaultProxy } from './fault-proxy';

/**
 * The operator port's contract: the same scenarios, the same expectations, on the sandbox
 * operator and on DT One (through its stand-in, which tops up the same numbers and balances).
 * What the number got is read from the operator's balance, as the shopper's phone would show it.
 */

const TIMEOUT_MS = 400;
const DTONE = { apiKey: 'contract-dtone-key', apiSecret: 'contract-dtone-secret' };

/** alpenfunk's products as DT One sells them (the stand-in's AlpenFunk operator, 4201). */
const catalogue: DtoneCatalogue = {
  async productOf(productId) {
    if (productId === 'alpenfunk-topup-any') return { dtoneProductId: 420108, ranged: true };
    const fixed = { 'alpenfunk-topup-1500': 420103, 'alpenfunk-topup-2000': 420104 }[productId];
    return fixed ? { dtoneProductId: fixed, ranged: false } : undefined;
  },
  async brandOf(operatorId) {
    return operatorId === 4201 ? { brandId: 'alpenfunk', brandName: 'AlpenFunk' } : undefined;
  },
};

interface OperatorSubject {
  name: string;
  operator: Operator;
  proxy: Awaited<ReturnType<typeof startFaultProxy>>;
}

let sandbox: RunningSandbox;
let subjects: OperatorSubject[];

beforeAll(async () => {
  sandbox = await startSandbox({
    dtoneApiKey: DTONE.apiKey,
    dtoneApiSecret: DTONE.apiSecret,
    pendingTopupDelayMs: 300,
    slowAnswerDelayMs: TIMEOUT_MS * 2,
    webhookRetryDelaysMs: [20],
  });
  const operatorProxy = await startFaultProxy(sandbox.baseUrl);
  const dtoneProxy = await startFaultProxy(sandbox.baseUrl);
  const retrying = { timeoutMs: TIMEOUT_MS, retries: 2, backoffMs: [20] };
  subjects = [
    {
      name: 'the sandbox operator',
      operator: createHttpOperator({ baseUrl: operatorProxy.url, ...retrying }),
      proxy: operatorProxy,
    },
    {
      name: 'DT One',
      operator: createDtoneOperator({
        ...DTONE,
        apiUrl: `${dtoneProxy.url}/dtone`,
        catalogue,
        // Nobody listens: callbacks are the API tests' part.
        callbackUrl: 'http://127.0.0.1:9/api/webhooks/dtone/alpenfunk',
        ...retrying,
      }),
      proxy: dtoneProxy,
    },
  ];
});
afterAll(async () => {
  await Promise.all(subjects.map((subject) => subject.proxy.close()));
  await sandbox.close();
});

let numbers = 0;
/** A fresh AlpenFunk number ending as the scenario needs (the operator's test endings). */
const freshNumber = (ending = '') => {
  numbers += 1;
  const body = `${String(Date.now() % 1_000_000).padStart(6, '0')}${String(numbers).padStart(2, '0')}`;
  return `+43660${body.slice(0, 8 - ending.length)}${ending}`.slice(0, 14);
};

const balance = (msisdn: string) => sandboxClient(sandbox.baseUrl).balance(msisdn);

/** The top-up's outcome once it is no longer pending, as the operator reports it. */
async function settled(operator: Operator, reference: string): Promise<TopupOutcome | undefined> {
  for (let waited = 0; waited < 5000; waited += 50) {
    const outcome = await operator.topupStatus(reference);
    if (outcome?.status !== 'PENDING') return outcome;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${reference} stayed pending`);
}

describe.each(['the sandbox operator', 'DT One'])('the operator port on %s', (name) => {
  let subject: OperatorSubject;
  beforeAll(() => {
    const found = subjects.find((candidate) => candidate.name === name);
    if (!found) throw new Error(`no subject ${name}`);
    subject = found;
  });

  const topup = (msisdn: string, overrides: Partial<TopupRequest> = {}): TopupRequest => ({
    reference: `T-${randomUUID().slice(0, 23)}-1`,
    productId: 'alpenfunk-topup-1500',
    msisdn,
    amount: 1500,
    currency: 'EUR',
    ...overrides,
  });

  it('names the brand and country of a number, and finds no brand for a number nobody owns', async () => {
    expect(await subject.operator.lookup('+436601234567')).toMatchObject({
      found: true,
      brandId: 'alpenfunk',
      country: 'at',
    });
    expect(await subject.operator.lookup('+4366')).toEqual({ found: false });
  });

  it('tops up once, whatever the number of tries with the same reference', async () => {
    const msisdn = freshNumber();
    const before = await balance(msisdn);
    const request = topup(msisdn);
    const [first, second] = await Promise.all([
      subject.operator.topup(request),
      subject.operator.topup(request),
    ]);
    expect(['SUCCEEDED', 'PENDING']).toContain(first.status);
    expect(['SUCCEEDED', 'PENDING']).toContain(second.status);
    expect(await settled(subject.operator, request.reference)).toMatchObject({ status: 'SUCCEEDED' });
    expect(await subject.operator.topup(request)).toMatchObject({ status: 'SUCCEEDED' });
    expect(await balance(msisdn)).toBe(before + 1500);
  });

  it('tops up any amount of a ranged product', async () => {
    const msisdn = freshNumber();
    const before = await balance(msisdn);
    const request = topup(msisdn, { productId: 'alpenfunk-topup-any', amount: 1234 });
    await subject.operator.topup(request);
    expect(await settled(subject.operator, request.reference)).toMatchObject({ status: 'SUCCEEDED' });
    expect(await balance(msisdn)).toBe(before + 1234);
  });

  it('reports a pending top-up, then its success', async () => {
    const msisdn = freshNumber('8888');
    const before = await balance(msisdn);
    const request = topup(msisdn);
    expect(await subject.operator.topup(request)).toMatchObject({ status: 'PENDING' });
    expect(await balance(msisdn)).toBe(before);
    expect(await settled(subject.operator, request.reference)).toMatchObject({ status: 'SUCCEEDED' });
    expect(await balance(msisdn)).toBe(before + 1500);
  });

  it('reports a failed top-up, and credits nothing', async () => {
    const msisdn = freshNumber('9999');
    const before = await balance(msisdn);
    const request = topup(msisdn);
    await subject.operator.topup(request);
    expect(await settled(subject.operator, request.reference)).toMatchObject({ status: 'FAILED' });
    expect(await balance(msisdn)).toBe(before);
  });

  it('tries again after a time-out with the same reference, and the number is topped up once', async () => {
    const msisdn = freshNumber('7777');
    const before = await balance(msisdn);
    const request = topup(msisdn);
    const outcome = await subject.operator.topup(request);
    expect(['SUCCEEDED', 'PENDING']).toContain(outcome.status);
    expect(await settled(subject.operator, request.reference)).toMatchObject({ status: 'SUCCEEDED' });
    expect(await balance(msisdn)).toBe(before + 1500);
  });

  it('tries again after the operator answered 503, and tops up once', async () => {
    const msisdn = freshNumber();
    const before = await balance(msisdn);
    const request = topup(msisdn);
    subject.proxy.failNext(503, 2);
    await subject.operator.topup(request);
    expect(await settled(subject.operator, request.reference)).toMatchObject({ status: 'SUCCEEDED' });
    expect(await balance(msisdn)).toBe(before + 1500);
  });

  it('says it cannot be reached when every try fails, and knows nothing of a top-up it never got', async () => {
    const request = topup(freshNumber());
    subject.proxy.failNext(503, 3);
    await expect(subject.operator.topup(request)).rejects.toBeInstanceOf(OperatorUnavailableError);
    expect(await subject.operator.topupStatus(request.reference)).toBeUndefined();
  });
});

describe('DT One beyond the sandbox operator', () => {
  const dtone = () => {
    const found = subjects.find((subject) => subject.name === 'DT One');
    if (!found) throw new Error('no DT One');
    return found.operator;
  };

  it('reports a top-up it reversed after completion as reversed, and the credit is gone', async () => {
    const msisdn = freshNumber();
    const before = await balance(msisdn);
    const reference = `T-${randomUUID().slice(0, 23)}-1`;
    await dtone().topup({
      reference,
      productId: 'alpenfunk-topup-2000',
      msisdn,
      amount: 2000,
      currency: 'EUR',
    });
    expect(await settled(dtone(), reference)).toMatchObject({ status: 'SUCCEEDED' });
    const search = await fetch(
      `${sandbox.baseUrl}/dtone/v1/transactions?external_id=${encodeURIComponent(reference)}`,
      {
        headers: {
          authorization: `Basic ${Buffer.from(`${DTONE.apiKey}:${DTONE.apiSecret}`).toString('base64')}`,
        },
      },
    );
    const [transaction] = (await search.json()) as { id: number }[];
    const reversed = await fetch(`${sandbox.baseUrl}/dtone/testing/transactions/${transaction?.id}/reverse`, {
      method: 'POST',
    });
    expect(reversed.status).toBe(200);
    expect(await dtone().topupStatus(reference)).toEqual({ status: 'REVERSED' });
    expect(await balance(msisdn)).toBe(before);
  });

  it('fails a top-up of a product the tenant has not mapped, without asking DT One', async () => {
    const msisdn = freshNumber();
    const before = await balance(msisdn);
    const outcome = await dtone().topup({
      reference: `T-${randomUUID().slice(0, 23)}-1`,
      productId: 'alpenfunk-topup-9900',
      msisdn,
      amount: 9900,
      currency: 'EUR',
    });
    expect(outcome).toEqual({ status: 'FAILED', reason: 'PRODUCT_NOT_MAPPED' });
    expect(await balance(msisdn)).toBe(before);
  });

  it('takes refused credentials for an outage, never for a failed top-up', async () => {
    const rotated = createDtoneOperator({
      apiKey: DTONE.apiKey,
      apiSecret: 'a-rotated-secret',
      apiUrl: `${sandbox.baseUrl}/dtone`,
      catalogue,
      callbackUrl: 'http://127.0.0.1:9/api/webhooks/dtone/alpenfunk',
      retries: 0,
    });
    const msisdn = freshNumber();
    await expect(
      rotated.topup({
        reference: `T-${randomUUID().slice(0, 23)}-1`,
        productId: 'alpenfunk-topup-1500',
        msisdn,
        amount: 1500,
        currency: 'EUR',
      }),
    ).rejects.toBeInstanceOf(OperatorUnavailableError);
    await expect(rotated.lookup(msisdn)).rejects.toBeInstanceOf(OperatorUnavailableError);
  });
});
