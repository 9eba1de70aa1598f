import type { Order, SmsTopup } from '@shop/db';
import { schema, type Transaction } from '@shop/db';
import {
  afterWrongPin,
  isAmountInRange,
  isMoneyTaken,
  isPaymentUndecided,
  parseSmsTopup,
  smsAmountRange,
  smsTopupKeywords,
} from '@shop/domain';
import type { TenantConfig } from '@shop/tenants';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { checkPassword } from '../accounts/passwords';
import { MessageRefusedError } from '../adapters/messages';
import { chargeSavedMethod, insertUnattendedOrder } from '../checkout/saved-method';
import { commitOrder } from '../fulfilment/commit';
import type { EngineServices } from '../jobs/services';
import { paymentsOf } from '../orders/orders';
import { newPaymentAttempt } from '../orders/payment-state';
import { recordOrderEvent } from '../orders/timeline';
import { answerLanguage, answerText, type SmsAnswer } from './answers';

const { customers, paymentTokens, products, smsTopupRequests, smsTopups } = schema;

type Request = typeof smsTopupRequests.$inferSelect;
type Outcome = 'DONE' | 'REFUSED' | 'DECLINED' | 'FAILED';

/** The commit is still waiting for the provider or the operator: the job tries again later. */
export class SmsTopupPendingError extends Error {
  override readonly name = 'SmsTopupPendingError';
}

/** What the request's lock decided: an outcome to tell, a charge to make, or an order to commit. */
type Step =
  | { kind: 'answered' }
  | { kind: 'tell'; request: Request }
  | { kind: 'charge' | 'commit'; request: Request; tenant: TenantConfig; topup: SmsTopup; order: Order };

/** The shop whose short number the SMS went to, where it offers SMS top-ups. */
const tenantOfShortNumber = (services: EngineServices, shortNumber: string) =>
  services.tenants.all.find(
    (tenant) => tenant.topup.options.smsTopup && tenant.smsShortNumber === shortNumber,
  );

/** Decides the request: its state, the answer to send, and the text is forgotten. */
async function decide(
  tx: Transaction,
  request: Request,
  outcome: Outcome,
  reason: string,
  answer: string | null,
): Promise<Step> {
  const [decided] = await tx
    .update(smsTopupRequests)
    .set({ state: outcome, reason, answer, sealedText: null, updatedAt: new Date() })
    .where(eq(smsTopupRequests.id, request.id))
    .returning();
  return decided?.answer ? { kind: 'tell', request: decided } : { kind: 'answered' };
}

/**
 * Reads a new request under its lock (decision 0041): the shop by short number, the registration
 * by sender, the text, the PIN (five wrong ones in a row lock), the amount, the saved method; then
 * makes the order and its payment attempt. Anything short of a top-up is decided with its answer.
 */
async function accept(services: EngineServices, tx: Transaction, request: Request): Promise<Step> {
  const tenant = tenantOfShortNumber(services, request.shortNumber);
  if (!tenant) return decide(tx, request, 'REFUSED', 'unknown short number', null);
  const [topup] = await tx
    .select()
    .from(smsTopups)
    .where(
      and(
        eq(smsTopups.tenantId, tenant.shopId),
        eq(smsTopups.msisdn, request.msisdn),
        ne(smsTopups.status, 'DELETED'),
      ),
    )
    .for('update');
  const [customer] = topup ? await tx.select().from(customers).where(eq(customers.id, topup.customerId)) : [];
  const language = answerLanguage(tenant, customer?.language);
  const say = (answer: SmsAnswer) => answerText(tenant, language, answer);
  await tx
    .update(smsTopupRequests)
    .set({ tenantId: tenant.shopId, smsTopupId: topup?.id ?? null })
    .where(eq(smsTopupRequests.id, request.id));
  if (!topup || !customer) {
    return decide(tx, request, 'REFUSED', 'not registered', say({ key: 'smsTopupNotRegistered' }));
  }
  if (topup.status === 'LOCKED') {
    return decide(tx, request, 'REFUSED', 'locked', say({ key: 'smsTopupLocked' }));
  }
  const text = request.sealedText ? services.pins.decrypt(request.sealedText) : '';
  const command = parseSmsTopup(text, smsTopupKeywords(tenant.locales));
  const [product] = await tx
    .select()
    .from(products)
    .where(and(eq(products.tenantId, tenant.shopId), eq(products.productId, topup.productId)));
  const range =
    product &&
    smsAmountRange(
      { min: product.minAmount ?? 0, max: product.maxAmount ?? 0, step: product.step ?? 1 },
      tenant.cart.limits,
    );
  const amountAnswer = range ? say({ key: 'smsTopupAmount', min: range.min, max: range.max }) : null;
  if (!command.ok && command.reason === 'AMOUNT')
    return decide(tx, request, 'REFUSED', 'amount', amountAnswer);
  if (!command.ok) {
    return decide(tx, request, 'REFUSED', 'not understood', say({ key: 'smsTopupNotUnderstood' }));
  }
  if ((await checkPassword(topup.pinHash, command.pin)) !== 'valid') {
    const next = afterWrongPin(topup.pinFailures);
    await tx
      .update(smsTopups)
      .set({
        pinFailures: next.failures,
        status: next.locked ? 'LOCKED' : topup.status,
        updatedAt: new Date(),
      })
      .where(eq(smsTopups.id, topup.id));
    return next.locked
      ? decide(tx, request, 'REFUSED', 'wrong PIN, now locked', say({ key: 'smsTopupLocked' }))
      : decide(tx, request, 'REFUSED', 'wrong PIN', say({ key: 'smsTopupWrongPin', tries: next.triesLeft }));
  }
  if (topup.pinFailures > 0) {
    await tx
      .update(smsTopups)
      .set({ pinFailures: 0, updatedAt: new Date() })
      .where(eq(smsTopups.id, topup.id));
  }
  if (!range || !isAmountInRange(command.amount, range)) {
    return decide(tx, request, 'REFUSED', 'amount', amountAnswer);
  }
  const [token] = await tx.select().from(paymentTokens).where(eq(paymentTokens.id, topup.paymentTokenId));
  if (!token?.providerTokenId || token.status !== 'ACTIVE') {
    return decide(tx, request, 'REFUSED', 'payment method gone', say({ key: 'smsTopupMethodUnusable' }));
  }
  const order = await insertUnattendedOrder(tx, tenant, {
    cartName: `sms-${request.id}`,
    kind: 'SMS',
    productId: topup.productId,
    brandId: topup.brand,
    amount: command.amount,
    currency: topup.currency,
    msisdn: topup.msisdn,
    customerId: topup.customerId,
    paymentTokenId: token.id,
    shopper: customer,
    extra: { additionalData: { topupConsentType: 'sms' } },
  });
  await newPaymentAttempt(tx, order, {
    attempt: 1,
    method: token.method,
    provider: token.provider,
    details: { savedMethod: token.id, smsTopupRequest: request.id },
    savePaymentMethod: false,
  });
  await recordOrderEvent(tx, {
    orderId: order.id,
    type: 'sms-topup.request',
    detail: { requestId: request.id, messageId: request.messageId },
  });
  const [accepted] = await tx
    .update(smsTopupRequests)
    .set({ orderId: order.id, sealedText: null, updatedAt: new Date() })
    .where(eq(smsTopupRequests.id, request.id))
    .returning();
  return { kind: 'charge', request: accepted ?? request, tenant, topup, order };
}

/** Where a request with an order stands: its payment decides whether to charge, commit, or tell of a decline. */
async function resume(
  services: EngineServices,
  tx: Transaction,
  request: Request,
  orderId: string,
): Promise<Step> {
  const tenant = request.tenantId ? services.tenants.byId(request.tenantId) : undefined;
  const [order] = await tx.select().from(schema.orders).where(eq(schema.orders.id, orderId));
  const [topup] = request.smsTopupId
    ? await tx.select().from(smsTopups).where(eq(smsTopups.id, request.smsTopupId))
    : [];
  if (!tenant || !order || !topup) return decide(tx, request, 'FAILED', 'order gone', null);
  const [latest] = await paymentsOf(tx, order);
  if (latest && latest.state === 'INITIATED') return { kind: 'charge', request, tenant, topup, order };
  if (latest && (isMoneyTaken(latest.state) || isPaymentUndecided(latest.state))) {
    return { kind: 'commit', request, tenant, topup, order };
  }
  const [customer] = await tx.select().from(customers).where(eq(customers.id, topup.customerId));
  const text = answerText(tenant, answerLanguage(tenant, customer?.language), { key: 'smsTopupDeclined' });
  return decide(tx, request, 'DECLINED', 'payment declined', text);
}

/** The next step of a request, under its lock. */
function nextStep(services: EngineServices, requestId: string): Promise<Step> {
  return services.db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(smsTopupRequests)
      .where(eq(smsTopupRequests.id, requestId))
      .for('update');
    if (!request) return { kind: 'answered' };
    if (request.state !== 'RECEIVED')
      return awaitsAnswer(request) ? { kind: 'tell', request } : { kind: 'answered' };
    if (request.orderId) return resume(services, tx, request, request.orderId);
    return accept(services, tx, request);
  });
}

const awaitsAnswer = (request: Request) =>
  request.answer !== null && request.answeredAt === null && request.answerRefusedAt === null;

/**
 * Sends the request's answer to its sender, once it is decided. A refusal for now is left to the
 * job's retry; one for good (the number takes no messages) is recorded and not tried again.
 */
async function tell(services: EngineServices, request: Request): Promise<void> {
  if (!request.answer) return;
  const tenant = request.tenantId ? services.tenants.byId(request.tenantId) : undefined;
  // A request of no tenant has no gateway to answer through: as good as refused for good.
  const told = await (tenant
    ? services.messages.send({
        shopId: tenant.shopId,
        channel: 'sms',
        to: request.msisdn,
        text: request.answer,
        ...(tenant.smsShortNumber ? { from: tenant.smsShortNumber } : {}),
      })
    : Promise.reject(new MessageRefusedError('No tenant to answer for', 404))
  ).then(
    () => ({ answeredAt: new Date() }),
    (error: unknown) => {
      if (error instanceof MessageRefusedError) return { answerRefusedAt: new Date() };
      throw error;
    },
  );
  await services.db
    .update(smsTopupRequests)
    .set(told)
    .where(and(eq(smsTopupRequests.id, request.id), isNull(smsTopupRequests.answeredAt)));
}

/**
 * Works on one SMS top-up request (docs/sms-topups.md) until it is answered: reads and checks it,
 * charges the saved method (the charge's key is the order's attempt, so a retry never charges
 * twice), commits the order that tops up, then tells the shopper how it went. Running it again
 * changes nothing once it is answered; a commit still waiting throws {@link SmsTopupPendingError}.
 */
export async function processSmsRequest(
  services: EngineServices,
  requestId: string,
): Promise<Outcome | undefined> {
  let step = await nextStep(services, requestId);
  if (step.kind === 'charge') {
    const { tenant, order } = step;
    const [payment] = await paymentsOf(services.db, order);
    const [token] = await services.db
      .select()
      .from(paymentTokens)
      .where(eq(paymentTokens.id, step.topup.paymentTokenId));
    if (payment && token?.providerTokenId) {
      await chargeSavedMethod(
        services,
        tenant,
        order,
        payment,
        { providerTokenId: token.providerTokenId, method: token.method },
        `https://${tenant.domains[0]}/account`,
      );
    }
    step = await nextStep(services, requestId);
  }
  if (step.kind === 'commit') {
    const { tenant, order, request, topup } = step;
    const answer = await commitOrder({ ...services, tenant }, order);
    if (answer.orderStatus === 'paymentPending') {
      throw new SmsTopupPendingError(`order ${order.orderNumber} is still pending`);
    }
    // A commit repeated answers ORDER_ALREADY_COMMITTED whatever the outcome: the order says which.
    const [settled] = await services.db
      .select({ status: schema.orders.status })
      .from(schema.orders)
      .where(eq(schema.orders.id, order.id));
    const done = settled?.status === 'committed';
    const [customer] = await services.db.select().from(customers).where(eq(customers.id, topup.customerId));
    const text = answerText(
      tenant,
      answerLanguage(tenant, customer?.language),
      done
        ? {
            key: 'smsTopupDone',
            amount: order.totalPrice,
            msisdn: topup.msisdn,
            orderNumber: order.orderNumber,
          }
        : { key: 'smsTopupFailed', amount: order.totalPrice, msisdn: topup.msisdn },
    );
    step = await services.db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(smsTopupRequests)
        .where(eq(smsTopupRequests.id, request.id))
        .for('update');
      if (current?.state !== 'RECEIVED') return { kind: 'answered' } as const;
      return decide(tx, current, done ? 'DONE' : 'FAILED', settled?.status ?? answer.orderStatus, text);
    });
  }
  if (step.kind === 'tell') await tell(services, step.request);
  const [final] = await services.db
    .select({ state: smsTopupRequests.state })
    .from(smsTopupRequests)
    .where(eq(smsTopupRequests.id, requestId));
  return final && final.state !== 'RECEIVED' ? final.state : undefined;
}
