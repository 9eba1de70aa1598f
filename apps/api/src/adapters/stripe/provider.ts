import Stripe from 'stripe';
import {
  type PaymentProvider,
  PaymentProviderUnavailableError,
  type ProviderPayment,
  type ProviderResult,
  type ProviderToken,
} from '../payment-provider';
import { chargeAmounts, paymentEventOf, savedMethodOf, stateOfIntent, stateOfSession } from './states';

/** A Stripe account, and where its API is (Stripe itself unless `host` is given: the sandbox's stand-in). */
export interface StripeProviderOptions {
  secretKey: string;
  /** The signing secret of the webhook endpoint (`whsec_…`). */
  webhookSecret: string;
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** Time allowed for one try. */
  timeoutMs?: number;
  /** Further tries of a call that met a network error, a time-out or a 5xx; the SDK keeps our key. */
  retries?: number;
}

/** The header Stripe signs its events in. */
export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';

/** Our payment methods as Stripe's types at Checkout; Apple Pay is a card wallet there. */
const CHECKOUT_TYPES: Record<string, Stripe.Checkout.SessionCreateParams.AllowedPaymentMethodType[]> = {
  creditcard: ['card'],
  applepay: ['card'],
  paypal: ['paypal'],
  ideal: ['ideal', 'bancontact', 'eps'],
};

/** The methods the adapter can collect; a tenant routes no other method to Stripe. */
export const STRIPE_PAYMENT_METHODS = Object.keys(CHECKOUT_TYPES);

/** Stripe saves cards for later charges (its PayPal billing agreements are not used here). */
const SAVES = new Set(['creditcard', 'applepay']);

const isSession = (id: string) => id.startsWith('cs_');

/** The shop's ids of shoppers are UUIDs: nothing else goes into a search query. */
const SHOPPER_ID = /^[\w-]{1,64}$/;

/** A card paid with now is kept for charges without the shopper. */
const OFF_SESSION_LATER: Pick<Stripe.Checkout.SessionCreateParams.PaymentIntentData, 'setup_future_usage'> = {
  setup_future_usage: 'off_session',
};

/**
 * Stripe behind the payment-provider port, on the official SDK: Checkout for every payment a
 * shopper confirms (3-D Secure, PayPal and the local bank methods on Stripe's page), setup mode to
 * save a card, off-session PaymentIntents for charges without the shopper. Every POST carries an
 * idempotency key made from our own ids. Expected refusals come back as codes of our own.
 */
export function createStripePaymentProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    ...(options.host ? { host: options.host } : {}),
    ...(options.port ? { port: options.port } : {}),
    ...(options.protocol ? { protocol: options.protocol } : {}),
    timeout: options.timeoutMs ?? 10_000,
    maxNetworkRetries: options.retries ?? 2,
    appInfo: { name: 'prepaid-shop' },
  });

  /** The PaymentIntent behind one of our payment ids; a session the shopper never confirmed has none. */
  async function intentOf(paymentId: string): Promise<Stripe.PaymentIntent | undefined> {
    if (!isSession(paymentId))
      return stripe.paymentIntents.retrieve(paymentId, { expand: ['latest_charge'] });
    const session = await stripe.checkout.sessions.retrieve(paymentId, {
      expand: ['payment_intent', 'payment_intent.latest_charge'],
    });
    return typeof session.payment_intent === 'object' && session.payment_intent
      ? session.payment_intent
      : undefined;
  }

  /** The card a token names: a PaymentMethod, or the one a setup-mode session saved. */
  async function savedCardOf(tokenId: string): Promise<Stripe.PaymentMethod | undefined> {
    if (!isSession(tokenId)) return stripe.paymentMethods.retrieve(tokenId);
    const session = await stripe.checkout.sessions.retrieve(tokenId, {
      expand: ['setup_intent.payment_method'],
    });
    const setup = typeof session.setup_intent === 'object' ? session.setup_intent : null;
    return typeof setup?.payment_method === 'object' && setup.payment_method
      ? setup.payment_method
      : undefined;
  }

  /**
   * The Customer a shopper's saved cards are kept on: the one made for this shopper before (found
   * by search; one made moments ago is found by its idempotency key), else a new one.
   */
  async function customerFor(shopper: string | undefined, idempotencyKey: string): Promise<string> {
    if (shopper && SHOPPER_ID.test(shopper)) {
      const found = await stripe.customers.search({ query: `metadata['shopper']:'${shopper}'`, limit: 1 });
      if (found.data[0]) return found.data[0].id;
    }
    const customer = await stripe.customers.create(
      { metadata: shopper ? { shopper } : {} },
      { idempotencyKey: shopper ? `customer-${shopper}` : `${idempotencyKey}-customer` },
    );
    return customer.id;
  }

  return {
    methods: STRIPE_PAYMENT_METHODS,

    initiate: (request) =>
      guarded<{ paymentId: string; payerUrl: string }>('the payment start', async () => {
        const types = CHECKOUT_TYPES[request.method];
        if (!types) return { ok: false, code: 'METHOD_NOT_SUPPORTED' };
        const reference = request.merchantReference;
        const save = request.savePaymentMethod === true && SAVES.has(request.method);
        const customer = save
          ? await customerFor(request.customerReference, request.idempotencyKey)
          : undefined;
        const metadata = { reference, ...signalsOf(request) };
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            allowed_payment_method_types: types,
            line_items: [
              {
                price_data: {
                  currency: request.currency.toLowerCase(),
                  unit_amount: request.amount,
                  product_data: { name: `${request.tenantName} ${reference}` },
                },
                quantity: 1,
              },
            ],
            client_reference_id: reference,
            metadata,
            success_url: withSessionId(request.returnUrl),
            // As the sandbox provider does: the result page tells the commit that the shopper cancelled.
            cancel_url: withQuery(request.returnUrl, 'status=CANCELLED'),
            ...(customer ? { customer } : {}),
            payment_intent_data: {
              capture_method: request.captureMethod === 'manual' ? 'manual' : 'automatic',
              metadata,
              ...(save ? OFF_SESSION_LATER : {}),
            },
          },
          { idempotencyKey: request.idempotencyKey },
        );
        if (!session.url)
          throw new PaymentProviderUnavailableError('Stripe answered a session without a page', 1);
        return { ok: true, paymentId: session.id, payerUrl: session.url };
      }),

    charge: (request) =>
      guarded<{ paymentId: string; status: string }>('a charge of a saved method', async () => {
        const card = await lookUp('a saved method', () => savedCardOf(request.token));
        const customer = typeof card?.customer === 'string' ? card.customer : card?.customer?.id;
        if (!card || !customer) return { ok: false, code: 'UNKNOWN_TOKEN' };
        try {
          const intent = await stripe.paymentIntents.create(
            {
              amount: request.amount,
              currency: request.currency.toLowerCase(),
              customer,
              payment_method: card.id,
              off_session: true,
              confirm: true,
              capture_method: request.captureMethod === 'manual' ? 'manual' : 'automatic',
              metadata: { reference: request.merchantReference, ...signalsOf(request) },
            },
            { idempotencyKey: request.idempotencyKey },
          );
          return { ok: true, paymentId: intent.id, status: stateOfIntent(intent, { offSession: true }) };
        } catch (error) {
          // A decline made a PaymentIntent that stays declined; authentication needs the shopper.
          const declined = error instanceof Stripe.errors.StripeCardError ? error : undefined;
          if (declined?.payment_intent && declined.code !== 'authentication_required') {
            return { ok: true, paymentId: declined.payment_intent.id, status: 'DECLINED' };
          }
          throw error;
        }
      }),

    status: (paymentId) =>
      lookUp('a status look-up', async (): Promise<ProviderPayment> => {
        if (isSession(paymentId)) {
          const session = await stripe.checkout.sessions.retrieve(paymentId, {
            expand: ['payment_intent', 'payment_intent.latest_charge'],
          });
          const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
          return paymentOf(
            paymentId,
            stateOfSession(session),
            session.amount_total ?? 0,
            session.currency,
            intent,
          );
        }
        const intent = await stripe.paymentIntents.retrieve(paymentId, { expand: ['latest_charge'] });
        return paymentOf(
          paymentId,
          stateOfIntent(intent, { offSession: true }),
          intent.amount,
          intent.currency,
          intent,
        );
      }),

    capture: (paymentId, amount, idempotencyKey) =>
      guarded(
        'a capture',
        async () => {
          const intent = await intentOf(paymentId);
          if (!intent) return { ok: false, code: 'PAYMENT_NOT_CAPTURABLE' };
          await stripe.paymentIntents.capture(
            intent.id,
            amount === undefined ? {} : { amount_to_capture: amount },
            { idempotencyKey },
          );
          return { ok: true };
        },
        'PAYMENT_NOT_CAPTURABLE',
      ),

    cancel: (paymentId, idempotencyKey) =>
      guarded(
        'a void',
        async () => {
          if (isSession(paymentId)) {
            const session = await stripe.checkout.sessions.retrieve(paymentId);
            // Nobody confirmed it yet: closing the page is the whole cancellation.
            if (session.status === 'open') {
              await stripe.checkout.sessions.expire(paymentId, {}, { idempotencyKey });
              return { ok: true };
            }
          }
          const intent = await intentOf(paymentId);
          if (intent?.status !== 'requires_capture') return { ok: false, code: 'PAYMENT_NOT_VOIDABLE' };
          await stripe.paymentIntents.cancel(intent.id, {}, { idempotencyKey });
          return { ok: true };
        },
        'PAYMENT_NOT_VOIDABLE',
      ),

    refund: (paymentId, amount, idempotencyKey) =>
      guarded<{ refundedAmount: number }>('a refund', async () => {
        const intent = await intentOf(paymentId);
        if (intent?.status !== 'succeeded') return { ok: false, code: 'PAYMENT_NOT_REFUNDABLE' };
        await stripe.refunds.create(
          { payment_intent: intent.id, ...(amount === undefined ? {} : { amount }) },
          { idempotencyKey },
        );
        const after = await stripe.paymentIntents.retrieve(intent.id, { expand: ['latest_charge'] });
        return { ok: true, refundedAmount: chargeAmounts(after).refunded };
      }),

    saveMethod: (request) =>
      guarded<{ tokenId: string; payerUrl: string }>('a method to save', async () => {
        if (!SAVES.has(request.method)) return { ok: false, code: 'METHOD_NOT_SUPPORTED' };
        const customer = await customerFor(request.customerReference, request.idempotencyKey);
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'setup',
            allowed_payment_method_types: ['card'],
            customer,
            client_reference_id: request.merchantReference,
            metadata: { reference: request.merchantReference },
            setup_intent_data: { metadata: { reference: request.merchantReference } },
            success_url: request.returnUrl,
            cancel_url: request.returnUrl,
          },
          { idempotencyKey: request.idempotencyKey },
        );
        if (!session.url)
          throw new PaymentProviderUnavailableError('Stripe answered a session without a page', 1);
        return { ok: true, tokenId: session.id, payerUrl: session.url };
      }),

    token: (tokenId) =>
      lookUp('a saved method look-up', async (): Promise<ProviderToken> => {
        if (isSession(tokenId)) {
          const session = await stripe.checkout.sessions.retrieve(tokenId, {
            expand: ['setup_intent.payment_method'],
          });
          const setup = typeof session.setup_intent === 'object' ? session.setup_intent : null;
          const card = typeof setup?.payment_method === 'object' ? setup.payment_method : null;
          if (session.status === 'complete' && card?.customer) return tokenOf(tokenId, 'ACTIVE', card);
          return tokenOf(tokenId, session.status === 'expired' ? 'CANCELLED' : 'PENDING', null);
        }
        const card = await stripe.paymentMethods.retrieve(tokenId);
        return tokenOf(tokenId, card.customer ? 'ACTIVE' : 'DELETED', card);
      }),

    async deleteToken(tokenId) {
      const card = await lookUp('a saved method', () => savedCardOf(tokenId));
      if (!card?.customer) return;
      await guarded('a saved method deletion', async () => {
        await stripe.paymentMethods.detach(card.id, {}, { idempotencyKey: `detach-${card.id}` });
        return { ok: true };
      });
    },

    verifyWebhook(rawBody, headers) {
      const signature = headers[STRIPE_SIGNATURE_HEADER];
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          (Array.isArray(signature) ? signature[0] : signature) ?? '',
          options.webhookSecret,
        );
      } catch {
        return { kind: 'invalid-signature' };
      }
      const payment = paymentEventOf(event);
      if (!payment) return { kind: 'ignored', eventId: event.id, type: event.type };
      const { reference, ...rest } = payment;
      return { kind: 'payment', eventId: event.id, merchantReference: reference, ...rest };
    },
  };
}

const withQuery = (url: string, query: string) => `${url}${url.includes('?') ? '&' : '?'}${query}`;

/** The return URL naming the session the shopper paid in, as Stripe fills it in (`{CHECKOUT_SESSION_ID}`). */
const withSessionId = (url: string) => withQuery(url, 'paymentId={CHECKOUT_SESSION_ID}');

/** The shopper's device id, kept with the payment for Radar's reviews (decision 0049). */
const signalsOf = (request: { deviceId?: string }): Record<string, string> =>
  request.deviceId ? { device_id: request.deviceId } : {};

function paymentOf(
  paymentId: string,
  status: string,
  amount: number,
  currency: string | null,
  intent: Stripe.PaymentIntent | null,
): ProviderPayment {
  const money = intent ? chargeAmounts(intent) : { refunded: 0 };
  const token = intent ? savedMethodOf(intent) : undefined;
  return {
    paymentId,
    status,
    amount,
    currency: (currency ?? '').toUpperCase(),
    ...(money.captured === undefined ? {} : { capturedAmount: money.captured }),
    refundedAmount: money.refunded,
    ...(token ? { token } : {}),
  };
}

function tokenOf(tokenId: string, status: string, card: Stripe.PaymentMethod | null): ProviderToken {
  const details = card?.card;
  return {
    tokenId,
    status,
    method: 'creditcard',
    ...(details
      ? {
          cardLast4: details.last4,
          cardBrand: details.brand,
          expiry: `${String(details.exp_month).padStart(2, '0')}/${String(details.exp_year % 100).padStart(2, '0')}`,
        }
      : {}),
  };
}

/** Stripe's refusals that are answers about the payment, as our codes; anything else is an outage. */
function refusalOf(error: unknown, unexpectedState: string): string | undefined {
  if (error instanceof Stripe.errors.StripeCardError) {
    return error.code === 'authentication_required' ? 'AUTHENTICATION_REQUIRED' : 'DECLINED';
  }
  if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) return undefined;
  switch (error.code) {
    case 'resource_missing':
      return 'UNKNOWN_PAYMENT';
    case 'amount_too_large':
    case 'charge_already_refunded':
      return 'REFUND_TOO_LARGE';
    case 'payment_intent_unexpected_state':
      return unexpectedState;
    default:
      return undefined;
  }
}

/** Runs calls of one port operation: Stripe's refusals as codes, every other failure as the provider unavailable. */
async function guarded<T extends object>(
  what: string,
  run: () => Promise<ProviderResult<T>>,
  /** Our code for a payment in a state the call does not fit. */
  unexpectedState = 'PAYMENT_NOT_PENDING',
): Promise<ProviderResult<T>> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof PaymentProviderUnavailableError) throw error;
    const code = refusalOf(error, unexpectedState);
    if (code) return { ok: false, code };
    throw new PaymentProviderUnavailableError(`Stripe failed ${what}: ${(error as Error).message}`, 1, {
      cause: error,
    });
  }
}

/** A look-up: what Stripe does not know is undefined, every other failure the provider unavailable. */
async function lookUp<T>(what: string, run: () => Promise<T>): Promise<T | undefined> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') {
      return undefined;
    }
    throw new PaymentProviderUnavailableError(`Stripe failed ${what}: ${(error as Error).message}`, 1, {
      cause: error,
    });
  }
}
