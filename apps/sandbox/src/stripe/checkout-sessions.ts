import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { isRecord } from '../validation';
import { checkoutPageUrl, expireCheckout, expireIfPast } from './checkout-flow';
import { newCheckoutSession } from './checkout-objects';
import {
  CHECKOUT_METHODS,
  type CheckoutLineItem,
  type CheckoutMethod,
  type CheckoutRecord,
  EURO_BANK_METHODS,
  type PaymentIntentData,
} from './checkout-record';
import { found, type StripeContext } from './context';
import { parameterInvalid, parameterMissing, StripeError } from './errors';
import {
  allowOnly,
  expansionsOf,
  metadataOf,
  optionalChoice,
  optionalInteger,
  optionalText,
  optionalTextList,
  type Params,
  paramsOf,
  requiredAmount,
  requiredCurrency,
  requiredObject,
  requiredText,
} from './form';
import { nowInSeconds } from './ids';
import { rendered as renderedPaymentIntent } from './payment-intents';

/**
 * Checkout Sessions: `POST /v1/checkout/sessions` (modes `payment` and `setup`, line items from
 * `price_data` only), `GET /v1/checkout/sessions/:id` (`payment_intent` and `setup_intent`
 * expand), `POST /v1/checkout/sessions/:id/expire`. The shopper's side is the hosted page
 * (checkout-page-routes.ts).
 */

const EXPANDABLE = [
  'payment_intent',
  'payment_intent.latest_charge',
  'payment_intent.payment_method',
  'setup_intent',
  'setup_intent.payment_method',
] as const;

/** The fields asked for under `field`, as `field.child` expands them; the field itself is then expanded too. */
function nested(expand: ReadonlySet<string>, field: string): { expanded: boolean; children: Set<string> } {
  const children = new Set(
    [...expand].filter((path) => path.startsWith(`${field}.`)).map((path) => path.slice(field.length + 1)),
  );
  return { expanded: expand.has(field) || children.size > 0, children };
}
const MIN_LIFETIME_S = 30 * 60;
const MAX_LIFETIME_S = 24 * 60 * 60;
const LOCALES: readonly Stripe.Checkout.Session.Locale[] = [
  'auto',
  'bg',
  'cs',
  'da',
  'de',
  'el',
  'en',
  'en-GB',
  'es',
  'es-419',
  'et',
  'fi',
  'fil',
  'fr',
  'fr-CA',
  'hi-IN',
  'hr',
  'hu',
  'id',
  'it',
  'ja',
  'ko',
  'lt',
  'lv',
  'ms',
  'mt',
  'nb',
  'nl',
  'pl',
  'pt',
  'pt-BR',
  'ro',
  'ru',
  'sk',
  'sl',
  'sv',
  'th',
  'tr',
  'vi',
  'zh',
  'zh-HK',
  'zh-TW',
];

type Route = { Params: { id: string } };

export function checkoutSessionRoutes(app: FastifyInstance, context: StripeContext): void {
  app.post('/checkout/sessions', async (request) => {
    const params = paramsOf(request);
    allowOnly(params, [
      'mode',
      'allowed_payment_method_types',
      'payment_method_types',
      'line_items',
      'currency',
      'customer',
      'customer_email',
      'client_reference_id',
      'metadata',
      'success_url',
      'cancel_url',
      'expires_at',
      'locale',
      'payment_intent_data',
      'setup_intent_data',
      'expand',
    ]);
    const expand = expansionsOf(params, EXPANDABLE);
    const record = newRecord(context, params);
    context.checkoutSessions.set(record.session.id, record);
    return rendered(context, record, expand);
  });

  app.get<Route>('/checkout/sessions/:id', async (request) => {
    const params = paramsOf(request);
    allowOnly(params, ['expand']);
    const expand = expansionsOf(params, EXPANDABLE);
    const record = found(context.checkoutSessions, request.params.id, 'checkout.session');
    expireIfPast(context, record);
    return rendered(context, record, expand);
  });

  app.post<Route>('/checkout/sessions/:id/expire', async (request) => {
    const params = paramsOf(request);
    allowOnly(params, ['expand']);
    const expand = expansionsOf(params, EXPANDABLE);
    const record = found(context.checkoutSessions, request.params.id, 'checkout.session');
    expireIfPast(context, record);
    if (record.session.status !== 'open') {
      throw new StripeError(400, {
        type: 'invalid_request_error',
        message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${record.session.status}".`,
      });
    }
    expireCheckout(context, record);
    return rendered(context, record, expand);
  });
}

function newRecord(context: StripeContext, params: Params): CheckoutRecord {
  const mode = optionalChoice(params, 'mode', ['payment', 'setup']);
  if (mode === undefined) throw parameterMissing('mode');
  const { methods, allowed, param } = methodsOf(params, mode);
  const { lineItems, lineCurrency } =
    mode === 'payment'
      ? lineItemsOf(params)
      : notInMode(params, 'line_items', mode, { lineItems: [], lineCurrency: undefined });
  const currency = currencyOf(params, lineCurrency);
  if (
    currency !== null &&
    currency !== 'eur' &&
    methods.some((method) => EURO_BANK_METHODS.includes(method))
  ) {
    throw parameterInvalid(
      param,
      `The payment method types ${EURO_BANK_METHODS.join(', ')} support the currency eur only.`,
    );
  }
  const customer = optionalText(params, 'customer');
  if (customer !== undefined) found(context.customers, customer, 'customer', 'customer');
  const customerEmail = optionalText(params, 'customer_email', 512);
  if (customer !== undefined && customerEmail !== undefined) {
    throw parameterInvalid(
      'customer_email',
      'You may only specify one of these parameters: customer, customer_email.',
      'parameters_exclusive',
    );
  }
  const paymentIntentData =
    mode === 'payment'
      ? paymentIntentDataOf(params, methods)
      : notInMode(params, 'payment_intent_data', mode, DEFAULT_PAYMENT_DATA);
  const setupIntentMetadata =
    mode === 'setup' ? setupIntentMetadataOf(params) : notInMode(params, 'setup_intent_data', mode, {});
  const amount = lineItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
  const session = newCheckoutSession(
    {
      mode,
      amount_subtotal: mode === 'payment' ? amount : null,
      amount_total: mode === 'payment' ? amount : null,
      currency,
      cancel_url: urlOf(params, 'cancel_url') ?? null,
      success_url: urlOf(params, 'success_url') ?? null,
      client_reference_id: optionalText(params, 'client_reference_id', 200) ?? null,
      customer: customer ?? null,
      customer_email: customerEmail ?? null,
      expires_at: expiresAtOf(params),
      locale: optionalChoice(params, 'locale', LOCALES) ?? null,
      metadata: metadataOf(params),
      allowed_payment_method_types: allowed ? methods : null,
      payment_method_types: methods,
      payment_status: mode === 'payment' ? 'unpaid' : 'no_payment_required',
    },
    (id) => checkoutPageUrl(context, id),
  );
  return { session, methods, lineItems, paymentIntentData, setupIntentMetadata };
}

const DEFAULT_PAYMENT_DATA: PaymentIntentData = {
  captureMethod: 'automatic_async',
  setupFutureUsage: null,
  metadata: {},
  description: null,
};

/** A parameter of the other mode is refused, as Stripe does; `fallback` stands in for it. */
function notInMode<T>(params: Params, name: string, mode: string, fallback: T): T {
  if (params[name] !== undefined && params[name] !== '') {
    throw parameterInvalid(name, `You cannot pass \`${name}\` in \`${mode}\` mode.`);
  }
  return fallback;
}

/**
 * The session's methods: `allowed_payment_method_types` (the SDK v23's parameter) or
 * `payment_method_types` (earlier API versions'); card when neither is given.
 */
function methodsOf(
  params: Params,
  mode: 'payment' | 'setup',
): { methods: CheckoutMethod[]; allowed: boolean; param: string } {
  const allowed = optionalTextList(params, 'allowed_payment_method_types');
  const listed = optionalTextList(params, 'payment_method_types');
  if (allowed && listed) {
    throw parameterInvalid(
      'payment_method_types',
      'You may only specify one of these parameters: allowed_payment_method_types, payment_method_types.',
      'parameters_exclusive',
    );
  }
  const param = allowed ? 'allowed_payment_method_types' : 'payment_method_types';
  const methods = (allowed ?? listed ?? ['card']).map((name) => {
    const method = CHECKOUT_METHODS.find((item) => item === name);
    if (method === undefined) {
      throw parameterInvalid(param, `Invalid ${param}: the sandbox supports ${CHECKOUT_METHODS.join(', ')}.`);
    }
    return method;
  });
  if (mode === 'setup' && methods.some((method) => method !== 'card')) {
    throw parameterInvalid(param, 'The sandbox saves cards only in setup mode.');
  }
  return { methods: [...new Set(methods)], allowed: allowed !== undefined, param };
}

/** `line_items[i][price_data][currency|unit_amount|product_data][name]]` and `[quantity]`. */
function lineItemsOf(params: Params): { lineItems: CheckoutLineItem[]; lineCurrency: string | undefined } {
  const value = params.line_items;
  if (value === undefined || value === '') throw parameterMissing('line_items');
  const items = Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : undefined;
  if (items === undefined || items.length === 0) throw parameterInvalid('line_items', 'Invalid array');
  const currencies = new Set<string>();
  const lineItems = items.map((item, index) => {
    const name = `line_items[${index}]`;
    if (!isRecord(item)) throw parameterInvalid(name, 'Invalid object');
    if (item.price !== undefined) {
      throw parameterInvalid(`${name}[price]`, 'The sandbox supports line items with price_data only.');
    }
    allowOnly(item, ['price_data', 'quantity']);
    const priceData = requiredObject(item, 'price_data');
    allowOnly(priceData, ['currency', 'unit_amount', 'product_data']);
    const product = requiredObject(priceData, 'product_data');
    allowOnly(product, ['name', 'description']);
    optionalText(product, 'description');
    currencies.add(requiredCurrency(priceData));
    return {
      name: requiredText(product, 'name', 250),
      unitAmount: requiredAmount(priceData, 'unit_amount'),
      quantity: requiredAmount(item, 'quantity'),
    };
  });
  if (currencies.size > 1) {
    throw parameterInvalid('line_items', 'All line items must use the same currency.');
  }
  return { lineItems, lineCurrency: [...currencies][0] };
}

/** The line items' currency, or `currency` (the one setup mode takes, and payment mode must match). */
function currencyOf(params: Params, lineCurrency: string | undefined): string | null {
  const given =
    params.currency === undefined || params.currency === '' ? undefined : requiredCurrency(params);
  if (lineCurrency !== undefined && given !== undefined && given !== lineCurrency) {
    throw parameterInvalid(
      'currency',
      `The currency ${given} does not match the line items' ${lineCurrency}.`,
    );
  }
  return lineCurrency ?? given ?? null;
}

/** `payment_intent_data[capture_method|setup_future_usage|metadata|description]`. */
function paymentIntentDataOf(params: Params, methods: CheckoutMethod[]): PaymentIntentData {
  if (params.payment_intent_data === undefined || params.payment_intent_data === '')
    return DEFAULT_PAYMENT_DATA;
  const data = requiredObject(params, 'payment_intent_data');
  allowOnly(data, ['capture_method', 'setup_future_usage', 'metadata', 'description']);
  const captureMethod =
    optionalChoice(data, 'capture_method', ['automatic', 'automatic_async', 'manual'] as const) ??
    DEFAULT_PAYMENT_DATA.captureMethod;
  if (captureMethod === 'manual' && methods.some((method) => EURO_BANK_METHODS.includes(method))) {
    throw parameterInvalid(
      'payment_intent_data[capture_method]',
      `The payment method types ${EURO_BANK_METHODS.join(', ')} do not support capture_method manual.`,
    );
  }
  const setupFutureUsage =
    optionalChoice(data, 'setup_future_usage', ['on_session', 'off_session'] as const) ?? null;
  if (setupFutureUsage !== null && methods.some((method) => method !== 'card')) {
    throw parameterInvalid(
      'payment_intent_data[setup_future_usage]',
      'The sandbox sets up cards only for future use.',
    );
  }
  return {
    captureMethod,
    setupFutureUsage,
    metadata: metadataOf(data),
    description: optionalText(data, 'description', 1000) ?? null,
  };
}

/** `setup_intent_data[metadata]` (and `[description]`, accepted and not kept). */
function setupIntentMetadataOf(params: Params): Record<string, string> {
  if (params.setup_intent_data === undefined || params.setup_intent_data === '') return {};
  const data = requiredObject(params, 'setup_intent_data');
  allowOnly(data, ['metadata', 'description']);
  optionalText(data, 'description', 1000);
  return metadataOf(data);
}

function urlOf(params: Params, name: string): string | undefined {
  const url = optionalText(params, name, 5000);
  if (url !== undefined && !URL.canParse(url.replaceAll('{CHECKOUT_SESSION_ID}', 'cs'))) {
    throw parameterInvalid(name, 'Not a valid URL', 'url_invalid');
  }
  return url;
}

/** `expires_at`: 30 minutes to 24 hours from now; 24 hours by default. */
function expiresAtOf(params: Params): number {
  const now = nowInSeconds();
  const expiresAt = optionalInteger(params, 'expires_at') ?? now + MAX_LIFETIME_S;
  if (expiresAt < now + MIN_LIFETIME_S) {
    throw parameterInvalid(
      'expires_at',
      'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
    );
  }
  if (expiresAt > now + MAX_LIFETIME_S) {
    throw parameterInvalid(
      'expires_at',
      'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
    );
  }
  return expiresAt;
}

/** The session as the API answers it, with the asked-for fields expanded. */
function rendered(
  context: StripeContext,
  { session }: CheckoutRecord,
  expand: ReadonlySet<string>,
): Stripe.Checkout.Session {
  const answer = structuredClone(session);
  const intent =
    typeof session.payment_intent === 'string'
      ? context.paymentIntents.get(session.payment_intent)
      : undefined;
  // A held payment becomes paid once it is captured.
  if (session.status === 'complete' && intent) {
    answer.payment_status = intent.status === 'succeeded' ? 'paid' : 'unpaid';
  }
  const paymentIntent = nested(expand, 'payment_intent');
  if (paymentIntent.expanded && intent) {
    answer.payment_intent = renderedPaymentIntent(context, intent, paymentIntent.children);
  }
  const setupIntent =
    typeof session.setup_intent === 'string' ? context.setupIntents.get(session.setup_intent) : undefined;
  const setup = nested(expand, 'setup_intent');
  if (setup.expanded && setupIntent) {
    const rendered = structuredClone(setupIntent);
    const saved =
      typeof rendered.payment_method === 'string'
        ? context.paymentMethods.get(rendered.payment_method)
        : undefined;
    if (setup.children.has('payment_method') && saved)
      rendered.payment_method = structuredClone(saved.paymentMethod);
    answer.setup_intent = rendered;
  }
  return answer;
}
