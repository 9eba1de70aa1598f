import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AutoTopup, Order } from '@shop/db';
import { type Database, schema, type Transaction } from '@shop/db';
import { DomainError, formatMoney } from '@shop/domain';
import type { AutoTopupLightAnswer, LightLinkState } from '@shop/domain/contract';
import { mainPagePath, type TenantConfig, tenantTranslations } from '@shop/tenants';
import { and, desc, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import { IntlMessageFormat } from 'intl-messageformat';
import { publicShopOrigin } from '../checkout/shop-origin';
import type { EngineServices } from '../jobs/services';
import { recordOrderEvent } from '../orders/timeline';
import { answerLanguage } from '../sms-topups/answers';

const { autoTopupLightLinks, autoTopups, customers } = schema;

/** How long a light top-up's link opens the filled-in top-up. */
export const LIGHT_LINK_VALIDITY_MS = 72 * 60 * 60_000;

const digestOf = (secret: string) => createHash('sha256').update(secret).digest('hex');
const sameDigest = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** A notification code: 10 characters no one confuses (no 0/O, 1/I). */
function notificationCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return [...randomBytes(10)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

/** Why a link goes out: a light top-up's low balance, or a charge that needs the cardholder. */
export type LinkPurpose = 'LOW_BALANCE' | 'AUTHENTICATION';

/**
 * The link that opens a top-up filled in for its account: one per low-balance event of a light
 * top-up, or per run whose charge needs the shopper (`AUTHENTICATION`); sent by a job.
 */
export async function newLightLink(
  tx: Transaction,
  topup: AutoTopup,
  eventId: string,
  now: Date,
  purpose: LinkPurpose = 'LOW_BALANCE',
): Promise<string | undefined> {
  const [link] = await tx
    .insert(autoTopupLightLinks)
    .values({
      autoTopupId: topup.id,
      eventId,
      purpose,
      notificationCode: notificationCode(),
      amount: topup.amount,
      currency: topup.currency,
      expiresAt: new Date(now.getTime() + LIGHT_LINK_VALIDITY_MS),
    })
    .onConflictDoNothing()
    .returning({ id: autoTopupLightLinks.id });
  return link?.id;
}

/** The texts of a link's SMS, and of its e-mail where one goes too. */
const LINK_TEXTS: Record<LinkPurpose, { sms: string; mail?: { subject: string; text: string } }> = {
  LOW_BALANCE: { sms: 'autoTopupLightText' },
  AUTHENTICATION: {
    sms: 'autoTopupAuthenticationText',
    mail: { subject: 'autoTopupAuthenticationSubject', text: 'autoTopupAuthenticationMail' },
  },
};

/**
 * Sends a link by SMS to the top-up's number (and, for a charge that needs the shopper, by e-mail
 * to the account): a fresh secret (its digest replaces any earlier one, so only the last sending's
 * link works), the notification code, the number and the amount. Answers whether it went now; a
 * link already sent, or used, expired or of a top-up no longer live, is not sent.
 */
export async function sendLightLink(
  services: EngineServices,
  linkId: string,
  now = new Date(),
): Promise<boolean> {
  const { db } = services;
  const [row] = await db
    .select({
      link: autoTopupLightLinks,
      topup: autoTopups,
      language: customers.language,
      email: customers.email,
    })
    .from(autoTopupLightLinks)
    .innerJoin(autoTopups, eq(autoTopups.id, autoTopupLightLinks.autoTopupId))
    .innerJoin(customers, eq(customers.id, autoTopups.customerId))
    .where(eq(autoTopupLightLinks.id, linkId));
  const tenant = row && services.tenants.byId(row.topup.tenantId);
  if (!row || !tenant || row.link.sentAt || row.link.usedAt || row.link.expiresAt <= now) return false;
  if (row.topup.status !== 'ENABLED') return false;
  const secret = randomBytes(24).toString('hex');
  await db
    .update(autoTopupLightLinks)
    .set({ hashDigest: digestOf(secret) })
    .where(and(eq(autoTopupLightLinks.id, linkId), isNull(autoTopupLightLinks.sentAt)));
  const url = new URL(mainPagePath(tenant), publicShopOrigin(tenant, services.shopUrlTemplate));
  url.searchParams.set('msisdn', row.topup.msisdn);
  url.searchParams.set('amount', String(row.link.amount / 100));
  url.searchParams.set('hash', secret);
  url.searchParams.set('notificationCode', row.link.notificationCode);
  const language = answerLanguage(tenant, row.language);
  const texts = tenantTranslations(tenant, language, 'messages');
  const say = (key: string) =>
    new IntlMessageFormat(texts[key] ?? key, language).format({
      provider: tenant.providerName,
      msisdn: row.topup.msisdn,
      amount: formatMoney(row.link.amount, row.link.currency, language),
      url: url.toString(),
    }) as string;
  const { sms, mail } = LINK_TEXTS[row.link.purpose];
  await services.messages.send({
    shopId: tenant.shopId,
    channel: 'sms',
    to: row.topup.msisdn,
    text: say(sms),
    ...(tenant.smsShortNumber ? { from: tenant.smsShortNumber } : {}),
  });
  if (mail && row.email) {
    // The SMS went: a mail that fails is not worth sending the SMS (and a new secret) again.
    await services.mailer
      .send({ to: row.email, subject: say(mail.subject), text: say(mail.text) })
      .catch((err: unknown) => services.log.warn({ err, linkId }, 'the link’s e-mail was not sent'));
  }
  await db.update(autoTopupLightLinks).set({ sentAt: now }).where(eq(autoTopupLightLinks.id, linkId));
  return true;
}

const unable = () =>
  new DomainError('UNABLE_QUERY_AUTO_TOPUP_LIGHT', 'This link does not open a top-up (any more)');

/** Whether a link still opens its top-up: not used, not expired, its top-up live. */
const isLive = (now: Date) =>
  and(
    eq(autoTopups.status, 'ENABLED'),
    isNull(autoTopupLightLinks.usedAt),
    gt(autoTopupLightLinks.expiresAt, now),
  );

const stateOf = (link: { sentAt: Date | null; expiresAt: Date }): LightLinkState => ({
  sentAt: link.sentAt?.toISOString() ?? null,
  expiresAt: link.expiresAt.toISOString(),
});

/** The live link of this shop with this code, whatever its secret; undefined when there is none. */
async function liveLink(db: Database | Transaction, tenant: TenantConfig, code: string, now: Date) {
  const [row] = await db
    .select({ link: autoTopupLightLinks, topup: autoTopups })
    .from(autoTopupLightLinks)
    .innerJoin(autoTopups, eq(autoTopups.id, autoTopupLightLinks.autoTopupId))
    .where(
      and(
        eq(autoTopupLightLinks.notificationCode, code),
        eq(autoTopups.tenantId, tenant.shopId),
        isLive(now),
      ),
    );
  return row;
}

/**
 * POST /api/topup/autotopuplight/query: the account a link belongs to (`userId`), and for that
 * account, signed in, the top-up it fills in. Any other caller learns only whose it is, so the
 * shop can say it belongs to another account. A wrong secret, an unknown, used or expired link:
 * UNABLE_QUERY_AUTO_TOPUP_LIGHT.
 */
export async function queryLightLink(
  db: Database,
  tenant: TenantConfig,
  input: { hash: string; notificationCode: string },
  customerId: string | undefined,
  now = new Date(),
): Promise<AutoTopupLightAnswer> {
  const row = await liveLink(db, tenant, input.notificationCode, now);
  if (!row?.link.hashDigest || !sameDigest(row.link.hashDigest, digestOf(input.hash))) throw unable();
  const { link, topup } = row;
  if (customerId !== topup.customerId) return { userId: topup.customerId };
  return {
    userId: topup.customerId,
    msisdn: topup.msisdn,
    amount: link.amount,
    currency: link.currency,
    notificationCode: link.notificationCode,
    expiresAt: link.expiresAt.toISOString(),
    purpose: link.purpose,
  };
}

/**
 * A cart item naming a link's notification code (`autoTopupLightNotificationId`) tops up that
 * link's number, while the link is live; UNABLE_QUERY_AUTO_TOPUP_LIGHT otherwise.
 */
export async function checkLightItem(
  db: Database | Transaction,
  tenant: TenantConfig,
  code: string,
  phoneNumber: string | null,
  now: Date,
): Promise<void> {
  const row = await liveLink(db, tenant, code, now);
  if (!row || row.topup.msisdn !== phoneNumber) throw unable();
}

/**
 * A delivered order bought through light links uses them up: each works once. Answers how many it
 * used now (none on a commit repeated).
 */
export async function useLightLinks(
  tx: Transaction,
  tenant: TenantConfig,
  order: Order,
  now: Date,
): Promise<number> {
  const codes = order.lines.flatMap((line) =>
    line.lightNotificationCode ? [line.lightNotificationCode] : [],
  );
  let used = 0;
  for (const code of codes) {
    const row = await liveLink(tx, tenant, code, new Date(0));
    if (!row) continue;
    await tx
      .update(autoTopupLightLinks)
      .set({ usedAt: now, orderId: order.id })
      .where(and(eq(autoTopupLightLinks.id, row.link.id), isNull(autoTopupLightLinks.usedAt)));
    await recordOrderEvent(tx, { orderId: order.id, type: 'auto-topup-light.used', detail: { code } });
    used += 1;
  }
  return used;
}

/** The latest live link of each of these top-ups (light ones have links; others none). */
export async function latestLiveLinks(
  db: Database | Transaction,
  topupIds: readonly string[],
  now: Date,
): Promise<Map<string, LightLinkState>> {
  const latest = new Map<string, LightLinkState>();
  if (topupIds.length === 0) return latest;
  const rows = await db
    .select({ link: autoTopupLightLinks })
    .from(autoTopupLightLinks)
    .innerJoin(autoTopups, eq(autoTopups.id, autoTopupLightLinks.autoTopupId))
    .where(and(inArray(autoTopupLightLinks.autoTopupId, [...topupIds]), isLive(now)))
    .orderBy(desc(autoTopupLightLinks.createdAt));
  for (const { link } of rows) {
    if (!latest.has(link.autoTopupId)) latest.set(link.autoTopupId, stateOf(link));
  }
  return latest;
}

/**
 * POST /api/topup/autotopuplight/resend: the latest live link of the account's own light top-up
 * goes again, to the top-up's own number only, by the link job (a new secret: only the newest SMS
 * works). A link on its way is not sent twice: its job is already waiting. `allow` counts the
 * sending against its limit once the link is known to be the caller's to send.
 */
export async function resendLightLink(
  context: { db: Database; tenant: TenantConfig; customerId: string; now: Date },
  autoTopupId: string,
  allow: () => Promise<void>,
  queue: (linkId: string, within: Transaction) => Promise<void>,
): Promise<LightLinkState> {
  const { db, tenant, customerId, now } = context;
  const [row] = await db
    .select({ topupId: autoTopups.id, link: autoTopupLightLinks })
    .from(autoTopups)
    .leftJoin(
      autoTopupLightLinks,
      and(eq(autoTopupLightLinks.autoTopupId, autoTopups.id), isLive(now), eq(autoTopups.light, true)),
    )
    .where(
      and(
        eq(autoTopups.id, autoTopupId),
        eq(autoTopups.tenantId, tenant.shopId),
        eq(autoTopups.customerId, customerId),
        ne(autoTopups.status, 'DELETED'),
      ),
    )
    .orderBy(desc(autoTopupLightLinks.createdAt))
    .limit(1);
  if (!row) throw new DomainError('NOT_FOUND', 'No automatic top-up of this account has this id');
  const { link } = row;
  if (!link) {
    throw new DomainError(
      'AUTO_TOPUP_LIGHT_LINK_UNAVAILABLE',
      'This automatic top-up has no live link to send again; one goes out when the balance runs low',
    );
  }
  await allow();
  // The link is marked unsent and its job stored in one step: neither is ever left without the other.
  await db.transaction(async (tx) => {
    await tx
      .update(autoTopupLightLinks)
      .set({ sentAt: null })
      .where(and(eq(autoTopupLightLinks.id, link.id), isNull(autoTopupLightLinks.usedAt)));
    await queue(link.id, tx);
  });
  return stateOf({ sentAt: null, expiresAt: link.expiresAt });
}
