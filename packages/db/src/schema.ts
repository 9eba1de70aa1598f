import {
  AUTO_TOPUP_STATUSES,
  AUTO_TOPUP_TYPES,
  CHANNELS,
  cartItemOptionsSchema,
  MESSAGE_DELIVERY_STATUSES,
  MESSAGE_PROVIDERS,
  OPERATOR_PROVIDERS,
  ORDER_STATUSES,
  orderContactSchema,
  orderLineSchema,
  PAYMENT_METHODS,
  PAYMENT_PROVIDERS,
  PAYMENT_STATES,
  PAYMENT_TOKEN_STATUSES,
  PRODUCT_KINDS,
  PRODUCT_STATUSES,
  PRODUCT_VARIANTS,
  SMS_TOPUP_STATUSES,
  storedAddressSchema,
  storedOutcomeSchema,
  tokenPurposeSchema,
  UNIT_STATES,
  unitResultSchema,
  VOUCHER_DELIVERY_STATES,
} from '@shop/domain';
import { cartSummarySchema } from '@shop/domain/contract';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import * as z from 'zod';
import { jsonbOf } from './json-column';

/** One row per configured tenant, kept in step with the tenant config files at every start. */
export const tenants = pgTable('tenants', {
  shopId: text('shop_id').primaryKey(),
  providerName: text('provider_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Demo data sets already loaded per tenant, so that a restart never loads one twice. */
export const seedRuns = pgTable(
  'seed_runs',
  {
    name: text('name').notNull(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.shopId),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.name, table.tenantId] })],
);

export const productKind = pgEnum('product_kind', PRODUCT_KINDS);
export const productStatus = pgEnum('product_status', PRODUCT_STATUSES);
export const productVariant = pgEnum('product_variant', PRODUCT_VARIANTS);

/**
 * A tenant's product: a fixed face value (`amount`) or a range the shopper picks from
 * (`min_amount`..`max_amount` in steps of `step`), all in minor units of `currency`.
 */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.shopId),
    productId: text('product_id').notNull(),
    kind: productKind('kind').notNull(),
    variant: productVariant('variant').notNull().default('NORMAL'),
    status: productStatus('status').notNull().default('ACTIVE'),
    brandId: text('brand_id').notNull(),
    brandName: text('brand_name').notNull(),
    categoryId: text('category_id').notNull(),
    currency: text('currency').notNull(),
    amount: integer('amount'),
    minAmount: integer('min_amount'),
    maxAmount: integer('max_amount'),
    step: integer('step'),
    channels: text('channels', { enum: CHANNELS }).array().notNull().default(sql`'{web}'::text[]`),
    /** Vouchers only: PINs from the shop's own imported stock, or issued by the operator at sale. */
    pinSource: text('pin_source', { enum: ['STOCK', 'OPERATOR'] })
      .notNull()
      .default('OPERATOR'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('products_tenant_product_id').on(table.tenantId, table.productId),
    index('products_tenant_listing').on(table.tenantId, table.brandId, table.sortOrder),
    index('products_tenant_category').on(table.tenantId, table.categoryId),
    check(
      'products_fixed_or_range',
      sql`(${table.amount} is not null and ${table.minAmount} is null and ${table.maxAmount} is null and ${table.step} is null)
        or (${table.amount} is null and ${table.minAmount} > 0 and ${table.maxAmount} >= ${table.minAmount} and ${table.step} > 0)`,
    ),
    check('products_amount_positive', sql`${table.amount} is null or ${table.amount} > 0`),
  ],
);

/** A promo code a tenant's shoppers may apply to a cart (spec §3 voucherCodes). */
export const promoCodes = pgTable(
  'promo_codes',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.shopId),
    code: text('code').notNull(),
    kind: text('kind', { enum: ['PERCENT', 'FIXED'] }).notNull(),
    /** Basis points for PERCENT (1000 = 10 %), minor units for FIXED. */
    value: integer('value').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    minimumOrder: integer('minimum_order'),
    usageLimit: integer('usage_limit'),
    timesUsed: integer('times_used').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.code] }),
    check('promo_codes_value_positive', sql`${table.value} > 0`),
  ],
);

/**
 * A shopper's account on one tenant (the same e-mail on two tenants is two accounts). `user_name`
 * is what the shopper signs in with, lower-cased: the e-mail, or the phone number (E.164) where
 * the tenant allows phone registration.
 */
export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.shopId),
    userName: text('user_name').notNull(),
    email: text('email'),
    phoneNumber: text('phone_number'),
    firstname: text('firstname'),
    lastname: text('lastname'),
    /** street, houseNumber, zip, city, countryCode as the shopper gave them. */
    address: jsonb('address').$type<Record<string, string>>().notNull().default({}),
    language: text('language'),
    /** A PHC string: `$argon2id$…`, or `$legacy-sha1$…` for a hash taken over from an older shop. */
    passwordHash: text('password_hash'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The tenant's identity provider's `sub` for this shopper, once they signed in by single sign-on. */
    ssoSubject: text('sso_subject'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('customers_tenant_user_name').on(table.tenantId, table.userName),
    uniqueIndex('customers_tenant_sso_subject').on(table.tenantId, table.ssoSubject),
  ],
);

/**
 * A single sign-on assertion that signed someone in, by its `jti`, kept until it would no longer
 * be accepted anyway, so that it signs nobody in a second time (decision 0035).
 */
export const usedSsoAssertions = pgTable(
  'used_sso_assertions',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.shopId),
    jti: text('jti').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
    keepUntil: timestamp('keep_until', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.jti] }),
    index('used_sso_assertions_keep_until').on(table.tenantId, table.keepUntil),
  ],
);

/**
 * A signed-in session. The shopper holds a random token; only its SHA-256 is kept, so a copy of
 * the table signs nobody in.
 */
export const customerSessions = pgTable(
  'customer_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tenantId: text('tenant_id').notNull(),
    /** How the session began: password, otp, sso, checkout, confirmation. */
    method: text('method').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [index('customer_sessions_customer').on(table.customerId)],
);

/**
 * A code sent to the shopper to confirm an account, reset a password, sign in or confirm a
 * deletion; kept only as a hash, single-use, short-lived and with few tries. A new code of the
 * same purpose replaces the open one.
 */
export const accountCodes = pgTable(
  'account_codes',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['CONFIRM', 'RESET', 'SIGN_IN', 'DELETE'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.customerId, table.purpose] })],
);

/**
 * A shopper's cart. `cart_name` is the guest's only key to it, so it is long and random;
 * `version` rises with every change so that concurrent changes cannot overwrite each other.
 */
export const carts = pgTable(
  'carts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cartName: text('cart_name').notNull().unique(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.shopId),
    currency: text('currency').notNull(),
    voucherCodes: text('voucher_codes').array().notNull().default(sql`'{}'::text[]`),
    savePayment: boolean('save_payment').notNull().default(false),
    /** What checkout-address stored: contact, address fields, device id, channel, languages. */
    deliveryAddress: jsonbOf(storedAddressSchema)('delivery_address'),
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('carts_expires_at').on(table.expiresAt)],
);

/** One line of a cart: a product (with the shopper's amount and options) and its quantity. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    itemKey: text('item_key').notNull(),
    productRef: uuid('product_ref')
      .notNull()
      .references(() => products.id),
    productId: text('product_id').notNull(),
    /** Face value of one unit in minor units (the fixed amount, or the shopper's amount in a range). */
    faceValue: integer('face_value').notNull(),
    serviceFee: integer('service_fee').notNull().default(0),
    quantity: integer('quantity').notNull(),
    phoneNumber: text('phone_number'),
    /** The item's options as sent (autoTopupOption, lowBalanceOption, recurringOption, ...). */
    options: jsonbOf(cartItemOptionsSchema)('options').notNull().default({}),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('cart_items_cart_item_key').on(table.cartId, table.itemKey),
    check('cart_items_quantity_positive', sql`${table.quantity} > 0`),
    check('cart_items_face_value_positive', sql`${table.faceValue} > 0`),
  ],
);

/** Answers to add-to-cart calls by idempotency key, so that a repeated call changes nothing. */
export const cartRequests = pgTable(
  'cart_requests',
  {
    tenantId: text('tenant_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    cartName: text('cart_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.idempotencyKey] })],
);

/**
 * A checkout of a cart: the lines and amounts as they were when payment started (the cart may
 * change or expire afterwards), and the order status of spec §4. A changed cart gets a new order.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNumber: text('order_number').notNull().unique(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.shopId),
    /** The cart's name: the guest's key to the order. The cart row itself may expire. */
    cartName: text('cart_name').notNull(),
    /** What the order was made of, to tell whether a cart changed since. */
    cartVersion: integer('cart_version').notNull(),
    currency: text('currency').notNull(),
    /** Spec §3 cart summary at checkout, minor units. */
    summary: jsonbOf(cartSummarySchema)('summary').notNull(),
    totalPrice: integer('total_price').notNull(),
    lines: jsonbOf(z.array(orderLineSchema))('lines').notNull(),
    contact: jsonbOf(orderContactSchema)('contact').notNull().default({}),
    /** The account the order belongs to; null for a guest's order (and once the account is deleted). */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    /** While set and in the future, one commit is fulfilling the order; others wait for it. */
    fulfilmentLeaseUntil: timestamp('fulfilment_lease_until', { withTimezone: true }),
    /** The commit's answer once the order is final (purchase details, messages). */
    outcome: jsonbOf(storedOutcomeSchema)('outcome'),
    receiptSentAt: timestamp('receipt_sent_at', { withTimezone: true }),
    /** The saved method (payment_tokens.id) it is paid with, or whose automatic top-ups it sets up. */
    paymentTokenId: uuid('payment_token_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('orders_tenant_cart').on(table.tenantId, table.cartName),
    index('orders_customer_history').on(table.customerId, table.createdAt),
    /** The orders whose device id is still kept, oldest first, for its removal (decision 0065). */
    index('orders_device_id_kept').on(table.createdAt).where(sql`${table.contact} ? 'deviceId'`),
    /** The back office finds orders by a number topped up (decision 0066) and by the contact's e-mail. */
    index('orders_line_numbers').using('gin', sql`${table.lines} jsonb_path_ops`),
    index('orders_contact_email').on(sql`lower(${table.contact}->>'email')`),
    index('orders_created').on(table.createdAt),
    check('orders_total_not_negative', sql`${table.totalPrice} >= 0`),
  ],
);

/** One attempt to collect an order's money at the payment provider. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    attempt: integer('attempt').notNull(),
    /** `{orderNumber}-{attempt}`: the provider's idempotency key and our merchant reference. */
    reference: text('reference').notNull().unique(),
    /** The provider that collects it (decision 0068): the tenant's account there answers for it. */
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull().default('sandbox'),
    providerPaymentId: text('provider_payment_id').unique(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    /** The method's choices (bank, crypto currency) and flags, as sent to the provider. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    savePaymentMethod: boolean('save_payment_method').notNull().default(false),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    state: text('state', { enum: PAYMENT_STATES }).notNull(),
    payerUrl: text('payer_url'),
    token: text('token'),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    /** What the provider captured, when it says (less than `amount` after a partial capture). */
    capturedAmount: integer('captured_amount'),
    /** The fraud signals sent to the provider with this attempt (decision 0049): fixed at its start. */
    deviceId: text('device_id'),
    fraudnetSessionId: text('fraudnet_session_id'),
    /** When the provider was last asked about this payment on behalf of a waiting shopper. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payments_order_attempt').on(table.orderId, table.attempt),
    /** The attempts whose fraud signals are still kept, oldest first, for their removal (decision 0065). */
    index('payments_fraud_signals_kept')
      .on(table.createdAt)
      .where(sql`${table.deviceId} is not null or ${table.fraudnetSessionId} is not null`),
    check('payments_amount_positive', sql`${table.amount} > 0`),
  ],
);

/**
 * The order's timeline: every provider call, its answer, every webhook and every change of state.
 * A provider event's id is unique, so an event redelivered is recognised and applied once.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    /** Rising with every event, so the timeline reads in order even within one transaction. */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    paymentId: uuid('payment_id').references(() => payments.id),
    type: text('type').notNull(),
    providerEventId: text('provider_event_id').unique(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_events_order').on(table.orderId, table.id)],
);

/** The open one-time code of a cart's checkout; the code itself is kept only as a hash. */
export const otpChallenges = pgTable('otp_challenges', {
  cartId: uuid('cart_id')
    .primaryKey()
    .references(() => carts.id, { onDelete: 'cascade' }),
  phoneNumber: text('phone_number').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
});

/**
 * One unit to deliver of an order: a top-up, a voucher PIN or a cash-code redemption. Its
 * reference (`{orderNumber}-{line}-{unit}`) is the operator's client reference, so a retry after a
 * timeout or a crash delivers once. The intent (IN_PROGRESS) is written before the operator is called.
 */
export const orderUnits = pgTable(
  'order_units',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    lineIndex: integer('line_index').notNull(),
    unitIndex: integer('unit_index').notNull(),
    reference: text('reference').notNull().unique(),
    kind: text('kind', { enum: PRODUCT_KINDS }).notNull(),
    productId: text('product_id').notNull(),
    phoneNumber: text('phone_number'),
    faceValue: integer('face_value').notNull(),
    /** What the shopper paid for this unit (face value and fees, less its share of discounts). */
    price: integer('price').notNull(),
    currency: text('currency').notNull(),
    state: text('state', { enum: UNIT_STATES }).notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    /** The operator's answer: reference, balance after, reason of a failure, voucher serial. */
    result: jsonbOf(unitResultSchema)('result').notNull().default({}),
    voucherPinId: uuid('voucher_pin_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('order_units_order_line_unit').on(table.orderId, table.lineIndex, table.unitIndex)],
);

/**
 * One sending of an order's voucher PINs by SMS or WhatsApp (decision 0048): the order's own once
 * it is final, and one per "send again". Sent by a job; its state says whether it went, so a try
 * after success sends nothing. Its id is the gateway's idempotency key.
 */
export const voucherDeliveries = pgTable(
  'voucher_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    reason: text('reason', { enum: ['ORDER', 'SEND_AGAIN'] }).notNull(),
    channel: text('channel', { enum: ['sms', 'whatsapp'] }).notNull(),
    /** E.164, as the order's contact holds it. */
    phoneNumber: text('phone_number').notNull(),
    state: text('state', { enum: VOUCHER_DELIVERY_STATES }).notNull().default('PENDING'),
    /** Tries made at the gateway so far. */
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('voucher_deliveries_order').on(table.orderId, table.createdAt),
    // The order's own sending is made once, however often its commit is repeated.
    uniqueIndex('voucher_deliveries_order_once').on(table.orderId).where(sql`${table.reason} = 'ORDER'`),
    index('voucher_deliveries_open').on(table.state, table.updatedAt),
  ],
);

/**
 * A voucher PIN of the shop's own stock, imported per product. The PIN is stored encrypted
 * (AES-256-GCM) with a keyed hash to refuse duplicates; it is reserved for an order when payment
 * starts, released when the payment fails or the reservation expires, and sold at commit.
 */
export const voucherPins = pgTable(
  'voucher_pins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.shopId),
    productId: text('product_id').notNull(),
    pinEncrypted: text('pin_encrypted').notNull(),
    pinHash: text('pin_hash').notNull(),
    serial: text('serial'),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    status: text('status', { enum: ['AVAILABLE', 'RESERVED', 'SOLD'] })
      .notNull()
      .default('AVAILABLE'),
    orderId: uuid('order_id').references(() => orders.id),
    reservedUntil: timestamp('reserved_until', { withTimezone: true }),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
    soldAt: timestamp('sold_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('voucher_pins_tenant_hash').on(table.tenantId, table.pinHash),
    index('voucher_pins_stock').on(table.tenantId, table.productId, table.status),
    index('voucher_pins_order').on(table.orderId),
  ],
);

/**
 * The workers that work the job queue, each writing its heartbeat every few seconds: the API's
 * health call tells from the newest one whether any worker is alive (decision 0019).
 */
export const workerHeartbeats = pgTable('worker_heartbeats', {
  /** One per worker process, new at every start. */
  workerId: text('worker_id').primaryKey(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A payment method saved on an account (spec §3 payment token). The provider keeps the card or
 * wallet; we keep its token id and what the shopper sees of it. `context` says what confirming
 * it leads to (decision 0039): finishing a cart, an automatic top-up, or the payment-methods page.
 */
export const paymentTokens = pgTable(
  'payment_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.shopId),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The provider that keeps it (decision 0068). */
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull().default('sandbox'),
    /** The provider's token; null until the provider has answered the request. */
    providerTokenId: text('provider_token_id').unique(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    name: text('name').notNull(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** `MM/YY` as the provider reports it. */
    cardExpiry: text('card_expiry'),
    /** The PayPal account saved, as the provider reports its payer: what tells two PayPal methods apart. */
    payerEmail: text('payer_email'),
    /** Whether automatic top-ups charge it. */
    recurring: boolean('recurring').notNull().default(false),
    amount: integer('amount'),
    currency: text('currency').notNull(),
    /** DUPLICATE: confirmed, but the same card or PayPal account was saved already; it was dropped at the provider. */
    status: text('status', { enum: PAYMENT_TOKEN_STATUSES }).notNull(),
    context: jsonbOf(tokenPurposeSchema)('context').notNull().default(sql`'{}'::jsonb`),
    /** The order whose payment saved it, or the cart's order it was confirmed for. */
    orderNumber: text('order_number'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('payment_tokens_customer').on(table.customerId, table.status)],
);

/**
 * An automatic top-up (spec §3, §4): a number topped up with `amount` on the account's saved
 * method when its balance falls under the limit, when its tariff renews, or weekly or monthly.
 * A number has at most one live low-balance top-up per tenant.
 */
export const autoTopups = pgTable(
  'auto_topups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.shopId),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The saved method each run charges; none for a light top-up, which sends a link instead. */
    paymentTokenId: uuid('payment_token_id').references(() => paymentTokens.id),
    msisdn: text('msisdn').notNull(),
    brand: text('brand').notNull(),
    productId: text('product_id').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** LOW_BALANCE, WEEKLY, MONTHLY, TARIFF (autoTopupType). */
    type: text('type', { enum: AUTO_TOPUP_TYPES }).notNull(),
    lowBalanceLimit: integer('low_balance_limit'),
    tariffEnabled: boolean('tariff_enabled').notNull().default(false),
    /** Monday 1 … Sunday 7 for WEEKLY, 1–31 for MONTHLY. */
    recurringDay: integer('recurring_day'),
    light: boolean('light').notNull().default(false),
    status: text('status', { enum: AUTO_TOPUP_STATUSES }).notNull(),
    /** What the shopper lets automatic charges of this top-up reach in a calendar month; null for no cap. */
    monthlyCap: integer('monthly_cap'),
    /** The next scheduled run (weekly and monthly). */
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    /** The run the day-before notice was sent for. */
    noticeSentFor: timestamp('notice_sent_for', { withTimezone: true }),
    /** One top-up per dip: when the last low-balance top-up was triggered, and whether it may trigger again. */
    dipTriggeredAt: timestamp('dip_triggered_at', { withTimezone: true }),
    dipRearmed: boolean('dip_rearmed').notNull().default(true),
    /** The order that set it up (a commit repeated registers nothing twice). */
    setupOrderId: uuid('setup_order_id').references(() => orders.id, { onDelete: 'set null' }),
    setupLine: integer('setup_line'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('auto_topups_customer').on(table.customerId),
    index('auto_topups_msisdn').on(table.msisdn, table.status),
    index('auto_topups_due').on(table.status, table.nextRunAt),
    uniqueIndex('auto_topups_setup_order').on(table.setupOrderId, table.setupLine),
    uniqueIndex('auto_topups_one_low_balance')
      .on(table.tenantId, table.msisdn)
      .where(sql`type in ('LOW_BALANCE', 'TARIFF') and status <> 'DELETED'`),
    check('auto_topups_amount_positive', sql`${table.amount} > 0`),
  ],
);

/**
 * One run of an automatic top-up: a period of a schedule or an operator event. Its key is unique
 * per top-up, so a period or an event is run once however many workers see it; the charge's
 * idempotency key is the run's id and attempt.
 */
export const autoTopupRuns = pgTable(
  'auto_topup_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    autoTopupId: uuid('auto_topup_id')
      .notNull()
      .references(() => autoTopups.id, { onDelete: 'cascade' }),
    /** `schedule:{local date}`, `low-balance:{event id}`, `tariff:{event id}`. */
    runKey: text('run_key').notNull(),
    state: text('state', { enum: ['DUE', 'RETRY', 'DONE', 'GAVE_UP', 'SKIPPED'] }).notNull(),
    attempt: integer('attempt').notNull().default(0),
    retryAt: timestamp('retry_at', { withTimezone: true }),
    orderId: uuid('order_id').references(() => orders.id),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('auto_topup_runs_key').on(table.autoTopupId, table.runKey),
    index('auto_topup_runs_open').on(table.state, table.retryAt),
  ],
);

/** Operator events taken, by their id, so that an event delivered twice is acted on once. */
export const operatorEvents = pgTable('operator_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  msisdn: text('msisdn'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A number registered for SMS top-ups ("KOOP 15 1234" to the shop's short number): who pays
 * (a saved method of the account) and the consent PIN, kept only as a hash. One live
 * registration per number and shop. `index` is the number the account's calls use for it.
 */
export const smsTopups = pgTable(
  'sms_topups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    index: bigserial('index', { mode: 'number' }).notNull().unique(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.shopId),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    paymentTokenId: uuid('payment_token_id')
      .notNull()
      .references(() => paymentTokens.id),
    msisdn: text('msisdn').notNull(),
    brand: text('brand').notNull(),
    productId: text('product_id').notNull(),
    currency: text('currency').notNull(),
    pinHash: text('pin_hash').notNull(),
    status: text('status', { enum: SMS_TOPUP_STATUSES }).notNull(),
    /** Wrong PINs in a row. */
    pinFailures: integer('pin_failures').notNull().default(0),
    /** The order that set it up (a commit repeated registers nothing twice). */
    setupOrderId: uuid('setup_order_id').references(() => orders.id, { onDelete: 'set null' }),
    setupLine: integer('setup_line'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('sms_topups_customer').on(table.customerId),
    uniqueIndex('sms_topups_setup_order').on(table.setupOrderId, table.setupLine),
    uniqueIndex('sms_topups_one_per_number').on(table.tenantId, table.msisdn).where(sql`status <> 'DELETED'`),
  ],
);

/**
 * An SMS the operator passed on from a shopper to a short number, kept by the gateway's message
 * id so a message delivered twice is acted on once. It moves from RECEIVED (being read and, when it asks for a top-up, charged and delivered) to one
 * outcome; `answeredAt` says the shopper has had the answer.
 */
export const smsTopupRequests = pgTable(
  'sms_topup_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: text('message_id').notNull().unique(),
    shortNumber: text('short_number').notNull(),
    msisdn: text('msisdn').notNull(),
    /** The text with the PIN masked, kept for support. */
    text: text('text').notNull(),
    /** The text as sent, encrypted (it holds the PIN), until the request is decided. */
    sealedText: text('sealed_text'),
    tenantId: text('tenant_id').references(() => tenants.shopId),
    smsTopupId: uuid('sms_topup_id').references(() => smsTopups.id, { onDelete: 'set null' }),
    state: text('state', { enum: ['RECEIVED', 'DONE', 'REFUSED', 'DECLINED', 'FAILED'] }).notNull(),
    /** Why it did not top up (or how it ended), for the answer and for support. */
    reason: text('reason'),
    orderId: uuid('order_id').references(() => orders.id),
    /** What the shopper is told back, once decided; none when there is nobody to tell. */
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** When the gateway refused the answer for good (the number takes no messages): not tried again. */
    answerRefusedAt: timestamp('answer_refused_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sms_topup_requests_open').on(table.state, table.updatedAt)],
);

/**
 * A light automatic top-up's link (decision 0042): sent by SMS when the balance runs low, it opens
 * the shop with the top-up filled in. The link carries a secret kept here as its SHA-256 only, and
 * the notification code; it expires, and is used up once a top-up bought through it is delivered.
 */
export const autoTopupLightLinks = pgTable(
  'auto_topup_light_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    autoTopupId: uuid('auto_topup_id')
      .notNull()
      .references(() => autoTopups.id, { onDelete: 'cascade' }),
    /** The operator event that asked for it, or the run whose charge needs the shopper: one link each. */
    eventId: text('event_id').notNull(),
    /**
     * LOW_BALANCE: a light top-up's balance ran low. AUTHENTICATION: a run's charge of the saved
     * card needs its holder (3-D Secure), so the shopper pays this top-up at the shop (decision 0068).
     */
    purpose: text('purpose', { enum: ['LOW_BALANCE', 'AUTHENTICATION'] })
      .notNull()
      .default('LOW_BALANCE'),
    notificationCode: text('notification_code').notNull().unique(),
    /** SHA-256 (hex) of the link's secret; written when the SMS goes out. */
    hashDigest: text('hash_digest'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('auto_topup_light_links_event').on(table.autoTopupId, table.eventId)],
);

/**
 * A post of a tenant's blog in one language (decision 0045). A post written in several languages
 * is one row per language under the same slug, so that switching the language keeps the page.
 * `body` is Markdown without HTML. Listed newest first, then by slug.
 */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.shopId),
    language: text('language').notNull(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull(),
    body: text('body').notNull(),
    authorName: text('author_name').notNull(),
    /** Milliseconds only, so that a listing's cursor names a post's time exactly. */
    publishedAt: timestamp('published_at', { withTimezone: true, precision: 3 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('blog_posts_tenant_language_slug').on(table.tenantId, table.language, table.slug),
    index('blog_posts_listing').on(table.tenantId, table.language, table.publishedAt, table.slug),
    check('blog_posts_slug', sql`${table.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);

/**
 * A shop session the tenant's phone app opened with a signed entry link (decision 0050): the
 * link's `jti` (unique per tenant, so a link opens one session only), the app's number, currency,
 * device and where to hand the shopper back. The session itself is a customer session of method
 * `app` for the app's number; this row holds what the app said about it.
 */
export const appSessions = pgTable(
  'app_sessions',
  {
    tokenHash: text('token_hash')
      .primaryKey()
      .references(() => customerSessions.tokenHash, { onDelete: 'cascade' }),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.shopId),
    entryLinkId: text('entry_link_id').notNull(),
    msisdn: text('msisdn').notNull(),
    currency: text('currency').notNull(),
    deviceId: text('device_id'),
    returnUrl: text('return_url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('app_sessions_entry_link').on(table.tenantId, table.entryLinkId)],
);

/**
 * The SMS and WhatsApp messages sent for a tenant, and how far each got as its gateway reported
 * (decision 0069). Neither the text (it may hold a one-time code or a PIN) nor the whole number
 * is kept. A gateway's report may come before our own call returned: the row is made by
 * whichever comes first, and a status is only ever moved forward (`deliveryStep`).
 */
export const textMessages = pgTable(
  'text_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.shopId),
    provider: text('provider', { enum: MESSAGE_PROVIDERS }).notNull(),
    providerMessageId: text('provider_message_id').notNull(),
    channel: text('channel', { enum: ['sms', 'whatsapp'] }).notNull(),
    /** The number, masked as support sees it (`+43•••••••4567`). */
    recipient: text('recipient').notNull(),
    status: text('status', { enum: MESSAGE_DELIVERY_STATUSES }).notNull(),
    /** The gateway's code of an undelivered or failed message. */
    errorCode: text('error_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('text_messages_provider_message').on(table.provider, table.providerMessageId),
    index('text_messages_tenant_created').on(table.tenantId, table.createdAt),
  ],
);

/**
 * A tenant's products as a top-up aggregator sells them (decision 0070): the aggregator's product
 * and the operator it belongs to. A fixed product is sold as the aggregator's product of the same
 * value; a ranged one as its ranged product, with the amount asked for.
 */
export const aggregatorProducts = pgTable(
  'aggregator_products',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.shopId),
    productId: text('product_id').notNull(),
    provider: text('provider', { enum: OPERATOR_PROVIDERS }).notNull(),
    providerProductId: text('provider_product_id').notNull(),
    providerOperatorId: text('provider_operator_id').notNull(),
    ranged: boolean('ranged').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.provider, table.productId] }),
    index('aggregator_products_operator').on(table.tenantId, table.provider, table.providerOperatorId),
  ],
);
