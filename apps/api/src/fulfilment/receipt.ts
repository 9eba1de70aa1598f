import type { Order } from '@shop/db';
import { schema } from '@shop/db';
import { formatMoney, isLanguage, type OrderPayer, redemptionMessageKey } from '@shop/domain';
import { tenantTranslations } from '@shop/tenants';
import { and, eq, isNull } from 'drizzle-orm';
import { IntlMessageFormat } from 'intl-messageformat';
import { payerOf } from '../orders/orders';
import { type CommitAnswer, creditOf } from './answer';
import type { FulfilmentContext } from './context';
import { unitsOf } from './units';

const { orders } = schema;

type Say = (key: string, values?: Record<string, string>) => string;

/**
 * What the receipt says of the money: what the provider charged and what went back; for cash
 * codes what the codes paid; for an order nobody paid (a free set-up, a code not redeemed), that
 * nothing was charged, never that money goes back.
 */
function paymentLines(
  payer: OrderPayer,
  order: Order,
  answer: CommitAnswer,
  say: Say,
  money: (amount: number) => string,
): string[] {
  if (payer === 'PROVIDER') {
    const givenBack = order.totalPrice - answer.amountCharged;
    return [
      say('receiptCharged', { amount: money(answer.amountCharged) }),
      ...(givenBack > 0 ? [say('receiptGivenBack', { amount: money(givenBack) })] : []),
    ];
  }
  if (payer === 'CASH_CODES' && answer.creditAdded > 0) {
    return [say('receiptPaidByCashCode', { amount: money(answer.creditAdded) })];
  }
  return [say('receiptNothingCharged')];
}

/**
 * The receipt e-mail of a final order, sent once: the order is marked before the mail goes, and
 * a mail server that refuses it clears the mark again, so reconciliation may try once more.
 */
export async function sendReceipt(
  context: FulfilmentContext,
  orderId: string,
  answer: CommitAnswer,
): Promise<void> {
  const { db, tenant, mailer } = context;
  const [order] = await db
    .update(orders)
    .set({ receiptSentAt: new Date() })
    .where(and(eq(orders.id, orderId), isNull(orders.receiptSentAt)))
    .returning();
  const contact = order?.contact;
  if (!order || !contact?.email) return;
  const language =
    contact.language && isLanguage(contact.language) && tenant.locales.includes(contact.language)
      ? contact.language
      : tenant.defaultLocale;
  const texts = tenantTranslations(tenant, language, 'messages');
  const say: Say = (key, values = {}) =>
    new IntlMessageFormat(texts[key] ?? key, language).format(values) as string;
  const money = (amount: number) => formatMoney(amount, answer.currency, language);
  const common = tenantTranslations(tenant, language, 'common');
  const howToRedeem = (brand: { brandId: string; name: string }) => {
    const key = redemptionMessageKey(brand.brandId);
    return new IntlMessageFormat(common[key] ?? key, language).format({ brand: brand.name }) as string;
  };
  const units = await unitsOf(db, order);
  const credits = units.filter(
    (unit) => unit.state === 'SUCCEEDED' && unit.kind !== 'VOUCHER' && unit.phoneNumber,
  );
  const lines = [
    say('receiptIntro', { provider: tenant.providerName }),
    '',
    `${order.orderNumber}`,
    ...paymentLines(payerOf(order), order, answer, say, money),
    ...credits.map((unit) =>
      say('receiptCredit', { amount: money(creditOf(unit)), msisdn: unit.phoneNumber ?? '' }),
    ),
    ...answer.vouchers.flatMap((voucher) => [
      say('receiptPin', { pin: voucher.pin, serial: voucher.serial ?? '–' }),
      ...(voucher.brand ? [howToRedeem(voucher.brand)] : []),
    ]),
    '',
    say('receiptSupport', { email: tenant.supportEmail }),
  ];
  try {
    await mailer.send({
      to: contact.email,
      subject: say('receiptSubject', { provider: tenant.providerName, orderNumber: order.orderNumber }),
      text: lines.join('\n'),
    });
  } catch (error) {
    await db.update(orders).set({ receiptSentAt: null }).where(eq(orders.id, orderId));
    throw error;
  }
}
