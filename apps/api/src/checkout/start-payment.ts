import { type Cart, type Order, type Payment, schema, type Transaction } from '@shop/db';
import {
  capturesAtCommit,
  DomainError,
  isMoneyTaken,
  isPaymentMethod,
  isRetryablePaymentState,
  isSavableMethod,
  isSetupKind,
  type PaymentMethod,
  type PaymentProviderName,
  paymentMethodOffered,
  providerOfMethod,
} from '@shop/domain';
import type { AdditionalData, DetailedCart, StartedPaymentAnswer } from '@shop/domain/contract';
import type { TenantConfig } from '@shop/tenants';
import { eq } from 'drizzle-orm';
import { RISK_DECLINED } from '../adapters/payment-provider';
import { cartForCheckout } from '../cart/service';
import { fraudSignalsOf, keepDeviceId } from '../orders/fraud-signals';
import { cartNeedsPayment, orderForCart, paymentsOf } from '../orders/orders';
import {
  changePaymentState,
  lockPayment,
  newPaymentAttempt,
  refusedByProvider,
} from '../orders/payment-state';
import { recordOrderEvent } from '../orders/timeline';
import { chargeableToken } from '../payment-methods/tokens';
import { requireConfirmedNumber } from './address';
import type { CheckoutContext } from './context';
import { attemptSignals, refusedStart } from './fraud-signals';
import { type ChargeableMethod, chargeSavedMethod } from './saved-method';
import { resultUrl } from './shop-origin';
import { type KeptVoucherAddress, keepVoucherAddress } from './voucher-delivery-address';
import { reserveVoucherPins } from './voucher-reservation';

const { orders, payments } = schema;

/** Methods started here; cash codes go through orders, saved tokens through the commit. */
const HOSTED_METHODS: readonly PaymentMethod[] = [
  'creditcard',
  'paypal',
  'ideal',
  'crypto',
  'applepay',
  'paymentlink',
];

const isHostedMethod = (method: string): method is PaymentMethod =>
  isPaymentMethod(method) && HOSTED_METHODS.includes(method);

export interface StartPaymentInput {
  cartName: string;
  method: string;
  savePayment?: boolean;
  additionalData?: AdditionalData;
  /** A method saved on the signed-in shopper's account: charged at once, no payer page. */
  paymentTokenId?: string;
  /** The shopper's device id now (else the contact step's), for the provider's fraud screening. */
  deviceId?: string;
  /** PayPal FraudNet's session id of this checkout (paypal only). */
  fraudnetSessionId?: string;
  /** Where voucher PINs go, as the Apple Pay start names it (decision 0048). */
  voucherAddress?: KeptVoucherAddress;
}

/** Whether the tenant shows this method's hosted page in an iframe on its payment page. */
function inIframe(tenant: TenantConfig, method: string, detail: DetailedCart): boolean {
  if (method === 'creditcard') return tenant.settings.iFrameCreditCard;
  if (method !== 'paypal') return false;
  const automatic = detail.items.some((item) => item.kind === 'AUTOMATIC');
  return automatic
    ? tenant.settings.payPalIframeEnabledAutomatic
    : tenant.settings.payPalIframeEnabledOnceOff;
}

/** The choices for the method only: a bank for iDEAL, a currency for crypto. */
function detailsFor(
  method: string,
  data: AdditionalData | undefined,
  iframe: boolean,
): Record<string, unknown> {
  return {
    ...(method === 'ideal' && data?.ideal ? { ideal: data.ideal } : {}),
    ...(method === 'crypto' && data?.triplea ? { triplea: data.triplea } : {}),
    ...(method === 'paypal' && iframe ? { paypal: { iframe: true } } : {}),
  };
}

const sameAttempt = (payment: Payment, way: PaymentWay, details: Record<string, unknown>, save: boolean) =>
  payment.method === way.method &&
  payment.provider === way.provider &&
  payment.savePaymentMethod === save &&
  JSON.stringify(payment.details) === JSON.stringify(details);

/** How an attempt is paid: on the provider's page, or charged on a method saved on the account. */
interface PaymentWay {
  method: PaymentMethod;
  /** The provider that collects it: the tenant's for the method, or the one that keeps the saved method. */
  provider: PaymentProviderName;
  /** What the attempt sends with the method, whether it saves the method, and whether its page is framed. */
  attemptFor(
    detail: DetailedCart,
    cart: Cart,
  ): { details: Record<string, unknown>; save: boolean; iframe: boolean };
  /** The saved method the attempt charges, which the order names. */
  saved?: ChargeableMethod & { tokenId: string };
}

type Plan = { order: Order; payment: Payment; iframe: boolean; saved?: ChargeableMethod };

/**
 * In one transaction, under the cart's lock: price the cart on the server, find or make its
 * order, and find the open attempt or record a new one; what differs between paying on the
 * provider's page and on a saved method is `way`, chosen in the same transaction.
 */
function planAttempt(
  context: CheckoutContext,
  input: StartPaymentInput,
  customerId: string | undefined,
  chooseWay: (tx: Transaction) => Promise<PaymentWay>,
): Promise<Plan> {
  const { db, tenant, now } = context;
  return db.transaction(async (tx): Promise<Plan> => {
    const way = await chooseWay(tx);
    const found = await cartForCheckout(tx, tenant, input.cartName, now);
    const { detail } = found;
    const cart = await keepVoucherAddress(tx, found.cart, input.voucherAddress);
    if (!cartNeedsPayment(detail)) {
      throw new DomainError('PAYMENT_NOT_REQUIRED', 'This cart needs no payment; create the order instead');
    }
    const { details, save, iframe } = way.attemptFor(detail, cart);
    // An automatic top-up binds a number to the card: the number is confirmed as for any set-up.
    await requireConfirmedNumber(tx, cart, detail, save, context.appSession?.msisdn);
    const order = await orderForCart(tx, tenant, cart, detail, customerId);
    const deviceId = await keepDeviceId(tx, order, input.deviceId, 'checkout-start-payment');
    if (way.saved) {
      await tx.update(orders).set({ paymentTokenId: way.saved.tokenId }).where(eq(orders.id, order.id));
    }
    await reserveVoucherPins(tx, tenant, order, now);
    const [latest] = await paymentsOf(tx, order);
    if (latest && isMoneyTaken(latest.state)) {
      throw new DomainError('ORDER_ALREADY_PAID', `Order ${order.orderNumber} is already paid`);
    }
    const saved = way.saved && { providerTokenId: way.saved.providerTokenId, method: way.saved.method };
    if (latest && !isRetryablePaymentState(latest.state) && sameAttempt(latest, way, details, save)) {
      return { order, payment: latest, iframe, ...(saved ? { saved } : {}) };
    }
    const payment = await newPaymentAttempt(tx, order, {
      attempt: (latest?.attempt ?? 0) + 1,
      method: way.method,
      provider: way.provider,
      details,
      savePaymentMethod: save,
      ...attemptSignals(way.method, deviceId, input.fraudnetSessionId),
    });
    return { order, payment, iframe, ...(saved ? { saved } : {}) };
  });
}

/**
 * Spec §7 checkout-start-payment. The attempt is planned in one transaction (`planAttempt`); then,
 * outside the transaction, the provider is asked, with the attempt's reference as idempotency
 * key: a retry or a double click meets the same attempt and the provider answers the same payment.
 */
export async function startPayment(
  context: CheckoutContext,
  input: StartPaymentInput,
): Promise<StartedPaymentAnswer> {
  const { tenant } = context;
  if (input.paymentTokenId !== undefined) return payWithSavedMethod(context, input, input.paymentTokenId);
  const { method } = input;
  if (!isHostedMethod(method) || !paymentMethodOffered(method, tenant.paymentMethods)) {
    throw new DomainError('PAYMENT_METHOD_IS_NOT_AVAILABLE', `This shop does not take "${method}" here`);
  }
  // A FraudNet session id with another method is refused before anything is kept.
  attemptSignals(method, input.deviceId, input.fraudnetSessionId);
  const hosted: PaymentWay = {
    method,
    provider: providerOfMethod(tenant.paymentProvider.methods, method),
    attemptFor(detail, cart) {
      // An automatic or SMS top-up paid now charges, later, the method this payment saves.
      // A light top-up charges nothing later: it needs no method saved.
      const setsUp = detail.items.some(
        (item) => isSetupKind(item.kind) && !item.additionalData.autoTopupLight,
      );
      if (setsUp && !isSavableMethod(method, tenant.paymentProvider.methods)) {
        throw new DomainError(
          'PAYMENT_METHOD_IS_NOT_AVAILABLE',
          'An automatic or SMS top-up is paid with a card or PayPal, which it charges again later',
        );
      }
      const iframe = inIframe(tenant, method, detail);
      return {
        details: detailsFor(method, input.additionalData, iframe),
        // A method the tenant's provider cannot keep is paid for once, not saved.
        save:
          ((input.savePayment ?? cart.savePayment) &&
            isSavableMethod(method, tenant.paymentProvider.methods)) ||
          setsUp,
        iframe,
      };
    },
  };
  const { order, payment, iframe } = await planAttempt(
    context,
    input,
    context.customerId,
    async () => hosted,
  );
  const returnUrl = resultUrl(context.shopOrigin, input.cartName, order.orderNumber);
  const started = (payerUrl: string) => ({ payerUrl, orderNumber: order.orderNumber, returnUrl, iframe });
  if (payment.payerUrl) return started(payment.payerUrl);
  return started(await initiate(context, order, payment, returnUrl));
}

/**
 * start-payment with `paymentTokenId`: the order is charged on the account's saved method
 * (merchant-initiated) and the shopper goes straight to the result page, whose commit delivers.
 * A retry or double click meets the same attempt, whose reference keeps the charge single.
 */
async function payWithSavedMethod(
  context: CheckoutContext,
  input: StartPaymentInput,
  tokenId: string,
): Promise<StartedPaymentAnswer> {
  const { tenant, customerId } = context;
  if (!customerId) throw new DomainError('AUTHORIZATION_REQUIRED', 'Sign in to pay with a saved method');
  const { order, payment, saved } = await planAttempt(context, input, customerId, async (tx) => {
    const token = await chargeableToken(tx, customerId, tokenId);
    if (!paymentMethodOffered(token.method, tenant.paymentMethods)) {
      throw new DomainError(
        'PAYMENT_METHOD_IS_NOT_AVAILABLE',
        `This shop does not take "${token.method}" here`,
      );
    }
    return {
      method: token.method,
      provider: token.provider,
      attemptFor: () => ({ details: { savedMethod: token.id }, save: false, iframe: false }),
      saved: { tokenId: token.id, providerTokenId: token.providerTokenId, method: token.method },
    };
  });
  const returnUrl = resultUrl(context.shopOrigin, input.cartName, order.orderNumber);
  if (saved && payment.state === 'INITIATED') {
    let charged: Awaited<ReturnType<typeof chargeSavedMethod>>;
    try {
      charged = await chargeSavedMethod(context, tenant, order, payment, saved, returnUrl);
    } catch (error) {
      context.log.warn({ err: error, reference: payment.reference }, 'saved-method charge failed');
      throw refusedStart(undefined);
    }
    // Refused by the provider's fraud screening: told on the payment step, like a hosted payment.
    if (charged.refusedWith === RISK_DECLINED) throw refusedStart(charged.refusedWith);
  }
  return { payerUrl: returnUrl, orderNumber: order.orderNumber, returnUrl, iframe: false };
}

/**
 * Asks the provider for the attempt's payment and records the answer; START_PAYMENT_ERROR when it
 * fails, PAYMENT_REFUSED when its fraud screening refused the payment.
 */
async function initiate(
  context: CheckoutContext,
  order: Order,
  payment: Payment,
  returnUrl: string,
): Promise<string> {
  const { db, tenant, log } = context;
  const provider = context.providers.of(tenant.shopId, payment.provider);
  let answer: Awaited<ReturnType<typeof provider.initiate>>;
  try {
    answer = await provider.initiate({
      idempotencyKey: payment.reference,
      merchantReference: payment.reference,
      amount: payment.amount,
      currency: payment.currency,
      method: payment.method,
      returnUrl,
      webhookUrl: context.webhookUrl,
      tenantName: tenant.providerName,
      merchantAccount: tenant.paymentProvider.merchantAccount ?? tenant.shopId,
      savePaymentMethod: payment.savePaymentMethod,
      ...(payment.savePaymentMethod && order.customerId ? { customerReference: order.customerId } : {}),
      captureMethod: capturesAtCommit(payment.method) ? 'manual' : 'automatic',
      additionalData: payment.details,
      ...fraudSignalsOf(payment),
    });
  } catch (error) {
    log.warn({ err: error, reference: payment.reference }, 'payment start failed');
    // The attempt stays INITIATED: a retry asks again with the same key and cannot charge twice.
    await recordOrderEvent(db, {
      orderId: order.id,
      paymentId: payment.id,
      type: 'provider.initiate.failed',
      detail: { message: (error as Error).message },
    });
    throw refusedStart(undefined);
  }
  const started = await db.transaction(async (tx) => {
    const current = await lockPayment(tx, eq(payments.id, payment.id));
    if (!current) throw new Error(`payment ${payment.id} vanished`);
    if (!answer.ok) {
      await refusedByProvider(tx, current, 'provider.initiate.refused', answer.code);
      return { refusedWith: answer.code };
    }
    await recordOrderEvent(tx, {
      orderId: order.id,
      paymentId: payment.id,
      type: 'provider.initiated',
      detail: { providerPaymentId: answer.paymentId },
    });
    const identity = { providerPaymentId: answer.paymentId, payerUrl: answer.payerUrl };
    // A webhook may have moved it on already; only a payment still INITIATED becomes PENDING.
    const state = current.state === 'INITIATED' ? 'PENDING' : current.state;
    await changePaymentState(tx, current, state, identity, { event: 'REDIRECTED' });
    return { payerUrl: answer.payerUrl };
  });
  if ('refusedWith' in started) throw refusedStart(started.refusedWith);
  return started.payerUrl;
}
