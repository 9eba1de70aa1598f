import { setTimeout as sleep } from 'node:timers/promises';
import { sandboxClient } from '@shop/sandbox/testing';
import { DECLINED_CARD, GOOD_CARD, guestAddress } from '../shoppers';

/**
 * The soak's shoppers: each kind of checkout as the storefront's proxy makes its calls, with a
 * shopper's patience. An error answer (5xx, 429) or a lost connection is tried again, as a
 * shopper presses the button again, for up to two minutes; every such retry is counted.
 */

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field
type Body = any;

export interface CallFigures {
  retries: number;
  /** Answers 500: a bug whatever the fault, listed in the report. */
  serverErrors: string[];
}

const PATIENCE_MS = 120_000;
const PENDING = new Set(['paymentPending', 'paymentInit', 'paymentAuthorized', 'paid']);

export function patientCaller(baseUrl: string, figures: CallFigures) {
  return async function call(
    method: string,
    path: string,
    tenant: string,
    { body, token, clientIp }: { body?: unknown; token?: string; clientIp: string },
  ): Promise<{ status: number; body: Body }> {
    const deadline = Date.now() + PATIENCE_MS;
    for (let attempt = 0; ; attempt++) {
      let seen: string;
      try {
        const response = await fetch(baseUrl + path, {
          method,
          headers: {
            'x-tenant-id': tenant,
            'x-forwarded-host': `${tenant}.localhost:3000`,
            'x-client-ip': clientIp,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(30_000),
        });
        const text = await response.text();
        if (response.status < 500 && response.status !== 429) {
          return { status: response.status, body: text ? JSON.parse(text) : undefined };
        }
        seen = `${response.status} ${text.slice(0, 300)}`;
        if (response.status === 500) figures.serverErrors.push(`${method} ${path}: ${seen}`);
      } catch (error) {
        seen = String(error);
      }
      figures.retries += 1;
      if (Date.now() > deadline) throw new Error(`${method} ${path} gave no answer in time: ${seen}`);
      await sleep(Math.min(250 * 2 ** attempt, 3_000));
    }
  };
}

type Call = ReturnType<typeof patientCaller>;

/** What one journey ended with, as its shopper saw it. */
export interface JourneyEnd {
  kind: JourneyKind;
  /** The order's last status as the shop answered it, or what stopped the shopper. */
  ended: string;
}

export const JOURNEY_KINDS = ['topup', 'voucher', 'automatic', 'sms', 'saved'] as const;
export type JourneyKind = (typeof JOURNEY_KINDS)[number];

/** An account of the soak, signed in, with a card saved on it. */
interface Account {
  token: string;
  cardId: string;
}

const pad = (value: number, digits: number) => String(value).padStart(digits, '0');

/** The journeys run their kinds in turn: the how-many-th of its kind journey `index` is. */
const ordinalOf = (index: number) => Math.floor(index / JOURNEY_KINDS.length);

/**
 * The operator's answer by a number's last four digits (sandbox.md): most succeed at once; of
 * every ten, one fails (9999, the money goes back), one stays pending (8888) and one answers too
 * late (7777).
 */
function endingFor(index: number): string {
  return ({ 3: '9999', 6: '8888', 9: '7777' } as Record<number, string>)[ordinalOf(index) % 10] ?? '5555';
}

export function soakShoppers(options: { apiUrl: string; sandboxUrl: string; figures: CallFigures }) {
  const call: Call = patientCaller(options.apiUrl, options.figures);
  const sandbox = sandboxClient(options.sandboxUrl);
  const clientIp = (index: number) => `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;

  /** Runs a sandbox call (the outside world) until it answers: the soak does not fault it. */
  const outside = async <T>(what: () => Promise<T>): Promise<T> => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await what();
      } catch (error) {
        if (attempt > 20) throw error;
        await sleep(500);
      }
    }
  };

  const waitUntil = async (check: () => Promise<boolean>, ms: number) => {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      if (await check().catch(() => false)) return true;
      await sleep(500);
    }
    return false;
  };

  const ok = (answer: { status: number; body: Body }, what: string) => {
    if (answer.status >= 400) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };

  /** The contact step, with the one-time code the number received when the shop asks for it. */
  async function contact(tenant: string, cartName: string, index: number, number?: string, token?: string) {
    const since = Date.now() - 1_000;
    const deliveryAddress = guestAddress(number ? { phoneNumber: number } : {});
    const answer = ok(
      await call('POST', '/api/shop/rest/checkout-address', tenant, {
        body: { cartName, deliveryAddress, language: 'de' },
        token,
        clientIp: clientIp(index),
      }),
      'contact step',
    );
    if (answer.nextStep !== 'OTP' || !number) return;
    let otp: string | undefined;
    await waitUntil(async () => {
      const [latest] = await sandbox.outbox(number);
      otp =
        latest && new Date(latest.sentAt).getTime() >= since
          ? latest.text.match(/\b\d{6}\b/)?.[0]
          : undefined;
      return otp !== undefined;
    }, 60_000);
    if (!otp) throw new Error(`no one-time code reached ${number}`);
    ok(
      await call('POST', '/api/shop/rest/validate-otp', tenant, {
        body: { cartName, otp },
        token,
        clientIp: clientIp(index),
      }),
      'one-time code',
    );
  }

  /** Commits as the result page does until the order leaves the pending statuses. */
  async function commitUntilFinal(
    tenant: string,
    index: number,
    body: Record<string, unknown>,
    token?: string,
  ): Promise<string> {
    for (let polls = 0; polls < 200; polls++) {
      const answer = ok(
        await call('POST', '/api/shop/rest/payment-commit-order', tenant, {
          body,
          token,
          clientIp: clientIp(index),
        }),
        'commit',
      );
      const status = String(answer.orderStatus);
      if (!PENDING.has(status)) {
        if (status !== 'ORDER_ALREADY_COMMITTED') return status;
        const read = await call(
          'GET',
          `/api/shop/rest/orders/${body.orderNumber}?cartName=${body.cartName}`,
          tenant,
          { token, clientIp: clientIp(index) },
        );
        return String(read.body?.orderStatus ?? status);
      }
      await sleep(500);
    }
    return 'still pending';
  }

  /** A cart of one item, the contact step, a payment at the provider (or on `cardId`), the commit. */
  async function buy(
    tenant: string,
    index: number,
    item: Record<string, unknown>,
    { token, cardId, decline = false }: { token?: string; cardId?: string; decline?: boolean } = {},
  ): Promise<string> {
    const { cartName } = ok(
      await call('POST', '/api/shop/rest/v2/addToCart', tenant, {
        body: { items: [item] },
        token,
        clientIp: clientIp(index),
      }),
      'add to cart',
    );
    await contact(tenant, cartName, index, item.phoneNumber as string | undefined, token);
    const started = ok(
      await call('POST', '/api/shop/rest/checkout-start-payment', tenant, {
        body: { cartName, paymentMethod: 'creditcard', ...(cardId ? { paymentTokenId: cardId } : {}) },
        token,
        clientIp: clientIp(index),
      }),
      'start payment',
    );
    if (String(started.payerUrl).startsWith(options.sandboxUrl)) {
      await outside(() => sandbox.act(started.payerUrl, 'approve', decline ? DECLINED_CARD : GOOD_CARD));
    }
    return commitUntilFinal(tenant, index, { cartName, orderNumber: started.orderNumber }, token);
  }

  const balanceReaches = (number: string, balance: number) =>
    waitUntil(async () => (await sandbox.balance(number)) >= balance, 90_000);

  /** A new confirmed account of the tenant, signed in, with a card saved through the provider's page. */
  async function account(tenant: string, index: number): Promise<Account> {
    const email = `soak-${index}-${Date.now()}@example.org`;
    const password = 'Violet-Harbour-42';
    const as = { clientIp: clientIp(100_000 + index) };
    ok(await call('POST', '/api/auth/register', tenant, { body: { email, password }, ...as }), 'register');
    let code: string | undefined;
    await waitUntil(async () => {
      code = (await sandbox.outbox(email))[0]?.text.match(/\b\d{6}\b/)?.[0];
      return code !== undefined;
    }, 60_000);
    ok(
      await call('POST', '/api/shop/rest/v2/account/confirm', tenant, {
        body: { userName: email, code },
        ...as,
      }),
      'confirm account',
    );
    const { accessToken: token } = ok(
      await call('POST', '/api/auth/authenticate', tenant, { body: { userName: email, password }, ...as }),
      'sign in',
    );
    const created = ok(
      await call('POST', '/api/shop/rest/payment-tokens/create', tenant, {
        body: { paymentMethod: 'creditcard' },
        token,
        ...as,
      }),
      'save a card',
    );
    await outside(() => sandbox.act(created.payerUrl, 'approve', GOOD_CARD));
    ok(
      await call('POST', '/api/shop/rest/payment-tokens/confirm', tenant, {
        body: { id: created.id },
        token,
        ...as,
      }),
      'confirm the card',
    );
    return { token, cardId: created.id };
  }

  const postToOperator = (path: string, body: object) =>
    outside(async () => {
      const response = await fetch(`${options.sandboxUrl}/operator/events/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`operator event ${path}: ${response.status}`);
    });

  const START_BALANCE = 500;

  const journeys: Record<JourneyKind, (index: number, accounts: Accounts) => Promise<string>> = {
    /** A guest tops up once by card; one in ten is declined at the provider. */
    topup: (index) =>
      buy(
        'funkfix',
        index,
        { productId: 'funkfix-topup-1500', phoneNumber: `+49170${pad(index, 4)}${endingFor(index)}` },
        { decline: ordinalOf(index) % 10 === 1 },
      ),
    /** A guest buys a voucher PIN of the shop's own stock by card. */
    voucher: (index) => buy('ladeplatz', index, { productId: 'pixelpass-voucher-1000' }),
    /** An account sets up a low-balance top-up with its first top-up paid, then the balance dips. */
    automatic: async (index, accounts) => {
      const number = `+49171${pad(index, 4)}5555`;
      const ended = await buy(
        'funkfix',
        index,
        {
          productId: 'funkfix-automatic',
          amount: 1500,
          phoneNumber: number,
          autoTopupOption: 'LOW_BALANCE',
          lowBalanceOption: { lowBalanceLimit: 500 },
        },
        { token: (await accounts.of('funkfix')).token },
      );
      if (ended !== 'committed') return ended;
      await postToOperator('low-balance', { msisdn: number, balance: 300 });
      return (await balanceReaches(number, 300 + 1500)) ? 'committed, then topped up' : 'no automatic top-up';
    },
    /** An account registers a number for SMS top-ups on its saved card, then texts KOOP 15. */
    sms: async (index, accounts) => {
      const { token, cardId } = await accounts.of('belwaarde');
      const number = `+31612${pad(index, 4)}55`;
      const { cartName } = ok(
        await call('POST', '/api/shop/rest/v2/addToCart', 'belwaarde', {
          body: {
            items: [
              {
                productId: 'belwaarde-sms',
                amount: 1000,
                phoneNumber: number,
                smsTopupConsent: '2468',
                setupOnly: true,
              },
            ],
          },
          token,
          clientIp: clientIp(index),
        }),
        'add the SMS set-up',
      );
      await contact('belwaarde', cartName, index, number, token);
      const order = ok(
        await call('POST', '/api/shop/rest/orders', 'belwaarde', {
          body: { cartName },
          token,
          clientIp: clientIp(index),
        }),
        'order the set-up',
      );
      const ended = await commitUntilFinal(
        'belwaarde',
        index,
        { cartName, orderNumber: order.orderNumber, paymentToken: cardId },
        token,
      );
      if (ended !== 'committed') return ended;
      await postToOperator('sms', {
        from: number,
        to: '4411',
        text: 'KOOP 15 2468',
        messageId: `soak-${index}`,
      });
      return (await balanceReaches(number, START_BALANCE + 1500))
        ? 'committed, then topped up'
        : 'no SMS top-up';
    },
    /** An account pays a top-up with its saved card, without the provider's page. */
    saved: async (index, accounts) => {
      const { token, cardId } = await accounts.of('funkfix');
      return buy(
        'funkfix',
        index,
        { productId: 'funkfix-topup-1500', phoneNumber: `+49172${pad(index, 4)}${endingFor(index)}` },
        { token, cardId },
      );
    },
  };

  /** A few accounts per tenant, made on first use and shared by the journeys that need one. */
  function accountPool(size: number) {
    const pools = new Map<string, Promise<Account>[]>();
    let made = 0;
    let turn = 0;
    return {
      of(tenant: string): Promise<Account> {
        let pool = pools.get(tenant);
        if (!pool) {
          pool = [];
          pools.set(tenant, pool);
        }
        if (pool.length < size) {
          const fresh = account(tenant, made++);
          pool.push(fresh);
          return fresh;
        }
        return pool[turn++ % pool.length] as Promise<Account>;
      },
    };
  }
  type Accounts = ReturnType<typeof accountPool>;

  return {
    accountPool,
    /** Runs journey `index` of its kind; a journey that cannot finish says why instead of throwing. */
    async journey(kind: JourneyKind, index: number, accounts: Accounts): Promise<JourneyEnd> {
      try {
        return { kind, ended: await journeys[kind](index, accounts) };
      } catch (error) {
        return { kind, ended: `stopped: ${error instanceof Error ? error.message : String(error)}` };
      }
    },
  };
}
