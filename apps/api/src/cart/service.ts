import { randomBytes } from 'node:crypto';
import type { Cart } from '@shop/db';
import { type Database, schema, type Transaction } from '@shop/db';
import {
  type CartLine,
  checkCartLimits,
  DomainError,
  evaluatePromo,
  mixesCashCodes,
  numbersToLookUp,
  type PromoCode,
  priceCart,
} from '@shop/domain';
import type { CartItem, DetailedCart } from '@shop/domain/contract';
import type { TenantConfig } from '@shop/tenants';
import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { CatalogueCache } from '../catalogue/cache';
import type { NumberOwners } from '../catalogue/number-owners';
import type { SalesContext } from '../http/sales-context';
import { LINE_SETUPS } from '../setups/registry';
import { checkNumberOwner, itemNumber, lineAdditionalData, validateItem } from './items';

const { carts, cartItems, cartRequests, products, promoCodes } = schema;

type Executor = Database | Transaction;
type Line = typeof cartItems.$inferSelect;
type Product = typeof products.$inferSelect;

export interface CartContext {
  db: Database;
  tenant: TenantConfig;
  now?: Date;
  /** The request's channel and currency: a new cart is in its currency (decision 0050). */
  sales?: Pick<SalesContext, 'channel' | 'currency'>;
  /** Where the products of the items are read from before the transaction (decision 0052). */
  catalogue?: CatalogueCache;
}

const unknownCart = () => new DomainError('UNKNOWN_CART', 'The cart does not exist or has expired');

/** 128 random bits: a guest's cart name is the only key to the cart. */
const newCartName = () => randomBytes(18).toString('base64url');

const expiryFrom = (tenant: TenantConfig, now: Date) =>
  new Date(now.getTime() + tenant.cart.idleMinutes * 60_000);

async function findCart(db: Executor, tenant: TenantConfig, cartName: string, now: Date, lock: boolean) {
  const query = db
    .select()
    .from(carts)
    .where(and(eq(carts.cartName, cartName), eq(carts.tenantId, tenant.shopId), gt(carts.expiresAt, now)));
  const [cart] = lock ? await query.for('no key update') : await query;
  if (!cart) throw unknownCart();
  return cart;
}

/** The tenant's live cart, locked until the transaction ends; UNKNOWN_CART when there is none. */
export const findCartForUpdate = (tx: Transaction, tenant: TenantConfig, cartName: string, now: Date) =>
  findCart(tx, tenant, cartName, now, true);

const linesOf = (db: Executor, cart: Cart) =>
  db.select().from(cartItems).where(eq(cartItems.cartId, cart.id)).orderBy(asc(cartItems.position));

/**
 * What a line costs now: an automatic top-up set up without a top-up now (`setupOnly`, decision
 * 0040) costs nothing; its face value is what each run tops up.
 */
const chargedNow = (line: Pick<Line, 'faceValue' | 'serviceFee' | 'options'>) =>
  line.options.setupOnly === true
    ? { faceValue: 0, serviceFee: 0 }
    : { faceValue: line.faceValue, serviceFee: line.serviceFee };

const asCartLines = (
  lines: readonly Pick<Line, 'itemKey' | 'productId' | 'faceValue' | 'quantity' | 'serviceFee' | 'options'>[],
) =>
  lines.map(
    (line): CartLine => ({
      itemKey: line.itemKey,
      productId: line.productId,
      quantity: line.quantity,
      ...chargedNow(line),
    }),
  );

function enforceLimits(tenant: TenantConfig, lines: readonly CartLine[]): void {
  const verdict = checkCartLimits(lines, tenant.cart.limits);
  if (!verdict.ok) {
    throw new DomainError(
      verdict.code,
      `The cart would exceed a limit${verdict.productId ? ` (${verdict.productId})` : ''}`,
    );
  }
}

async function touch(db: Executor, tenant: TenantConfig, cart: Cart, now: Date, changes: Partial<Cart> = {}) {
  await db
    .update(carts)
    .set({
      ...changes,
      version: sql`${carts.version} + 1`,
      updatedAt: now,
      expiresAt: expiryFrom(tenant, now),
    })
    .where(eq(carts.id, cart.id));
}

async function productsByCode(
  db: Executor,
  tenant: TenantConfig,
  codes: readonly string[],
  catalogue?: CatalogueCache,
) {
  const read = async () =>
    codes.length === 0
      ? []
      : await db
          .select()
          .from(products)
          .where(and(eq(products.tenantId, tenant.shopId), inArray(products.productId, [...codes])));
  const found = catalogue
    ? await catalogue.answer(tenant.shopId, JSON.stringify(['products by code', [...codes].sort()]), read)
    : await read();
  return new Map(found.map((product) => [product.productId, product]));
}

/** The items as the cart keeps them: each secret sent with one (a PIN) checked and hashed by its set-up. */
async function sealedItems(items: readonly CartItem[]): Promise<CartItem[]> {
  return Promise.all(
    items.map(async (item, index) => {
      let sealed = item;
      for (const setup of LINE_SETUPS) {
        if (setup.seal && setup.isAskedFor(sealed)) sealed = await setup.seal(sealed, `items[${index}]`);
      }
      return sealed;
    }),
  );
}

type Owners = Awaited<ReturnType<NumberOwners['ownersOf']>>;

/**
 * The cart's lines after adding `items` to `lines`: each item checked (product, channel,
 * currency, number and its owner), one of the same key counted into its line. `added` are the new lines.
 */
function mergedLines(
  tenant: TenantConfig,
  byCode: ReadonlyMap<string, Product>,
  owners: Owners,
  items: readonly CartItem[],
  lines: readonly Line[],
  {
    cartId,
    channel,
    currency,
    now,
  }: { cartId: string; channel: SalesContext['channel']; currency: string; now: Date },
): { next: Line[]; added: Line[] } {
  const next = lines.map((line) => ({ ...line }));
  const added: Line[] = [];
  items.forEach((item, index) => {
    const field = `items[${index}]`;
    const valid = validateItem(tenant, byCode.get(item.productId), item, field, { channel, currency });
    checkNumberOwner(valid, owners, field);
    const existing = next.find((line) => line.itemKey === valid.itemKey);
    if (existing) existing.quantity += valid.quantity;
    else {
      const line = {
        id: '',
        cartId,
        itemKey: valid.itemKey,
        productRef: valid.product.id,
        productId: valid.product.productId,
        faceValue: valid.faceValue,
        serviceFee: tenant.cart.serviceFees.perItem,
        quantity: valid.quantity,
        phoneNumber: valid.phoneNumber,
        options: valid.options,
        position: next.length,
        createdAt: now,
      };
      next.push(line);
      added.push(line);
    }
  });
  return { next, added };
}

/** What holds for a cart as a whole: a cash code alone, and the tenant's limits. */
function checkCartWhole(tenant: TenantConfig, byCode: ReadonlyMap<string, Product>, lines: readonly Line[]) {
  if (mixesCashCodes(lines.map((line) => ({ kind: byCode.get(line.productId)?.kind ?? '' })))) {
    throw new DomainError('VALIDATION_FAILED', 'A cash code is redeemed in a cart of its own');
  }
  enforceLimits(tenant, asCartLines(lines));
}

/** The remembered answer of an add-to-cart call with this idempotency key, if there was one. */
async function rememberedCartName(db: Executor, tenant: TenantConfig, idempotencyKey: string) {
  const [seen] = await db
    .select({ cartName: cartRequests.cartName })
    .from(cartRequests)
    .where(and(eq(cartRequests.tenantId, tenant.shopId), eq(cartRequests.idempotencyKey, idempotencyKey)));
  return seen?.cartName;
}

/**
 * A number with a live low-balance or SMS top-up, or a link no longer live, is told so as the
 * line is added, not after the contact step (`setups/registry.ts`).
 */
async function checkSetups(db: Executor, tenant: TenantConfig, lines: readonly Line[], now: Date) {
  for (const line of lines) {
    for (const setup of LINE_SETUPS) {
      if (setup.isAskedFor(line.options)) await setup.check(db, tenant, line, now);
    }
  }
}

/**
 * A new cart with its lines in one statement, atomic by itself (decision 0052), checked exactly as
 * a change of a cart is checked. With an idempotency key the same statement records the key and
 * writes the cart only if the key is new; a repeated key answers the first call's cart.
 */
async function newCartInOneStatement(
  db: Database,
  tenant: TenantConfig,
  byCode: ReadonlyMap<string, Product>,
  owners: Owners,
  items: readonly CartItem[],
  { channel, currency, now }: Pick<SalesContext, 'channel' | 'currency'> & { now: Date },
  idempotencyKey: string | undefined,
): Promise<string> {
  let next: Line[];
  try {
    next = mergedLines(tenant, byCode, owners, items, [], { cartId: '', channel, currency, now }).next;
    checkCartWhole(tenant, byCode, next);
    await checkSetups(db, tenant, next, now);
  } catch (error) {
    // A repeated key answers its first call's cart, whatever the items would meet now.
    const remembered = idempotencyKey && (await rememberedCartName(db, tenant, idempotencyKey));
    if (remembered) return remembered;
    throw error;
  }
  const cartName = newCartName();
  const lines = next.map((line) => ({
    item_key: line.itemKey,
    product_ref: line.productRef,
    product_id: line.productId,
    face_value: line.faceValue,
    service_fee: line.serviceFee,
    quantity: line.quantity,
    phone_number: line.phoneNumber,
    options: line.options ?? {},
    position: line.position,
  }));
  const cartColumns = sql`(cart_name, tenant_id, currency, version, updated_at, expires_at)`;
  const cartValues = sql`${tenant.shopId}, ${currency}, 1, ${now.toISOString()}, ${expiryFrom(tenant, now).toISOString()}`;
  const insertLines = sql`
    insert into ${cartItems}
      (cart_id, item_key, product_ref, product_id, face_value, service_fee, quantity, phone_number, options, position)
    select cart.id, line.item_key, line.product_ref, line.product_id, line.face_value, line.service_fee,
      line.quantity, line.phone_number, line.options, line.position
    from cart, jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as line(
      item_key text, product_ref uuid, product_id text, face_value integer, service_fee integer,
      quantity integer, phone_number text, options jsonb, position integer)`;
  if (!idempotencyKey) {
    await db.execute(sql`
      with cart as (
        insert into ${carts} ${cartColumns} values (${cartName}, ${cartValues})
        returning id
      )
      ${insertLines}`);
    return cartName;
  }
  // The key's row first: the cart and its lines are written only when it was inserted. A key
  // already there answers its cart name, read in the same statement when it was committed before
  // the statement began.
  const answer = (await db.execute(sql`
    with request as (
      insert into ${cartRequests} (tenant_id, idempotency_key, cart_name)
      values (${tenant.shopId}, ${idempotencyKey}, ${cartName})
      on conflict (tenant_id, idempotency_key) do nothing
      returning cart_name
    ),
    cart as (
      insert into ${carts} ${cartColumns}
      select request.cart_name, ${cartValues} from request
      returning id
    ),
    added as (${insertLines})
    select cart_name from request
    union all
    select cart_name from ${cartRequests}
    where tenant_id = ${tenant.shopId} and idempotency_key = ${idempotencyKey}`)) as unknown as {
    rows: { cart_name: string }[];
  };
  const answered = answer.rows[0]?.cart_name;
  if (answered) return answered;
  // A first call with this key committed while this statement waited on it: the conflict was
  // seen, but its row was not yet in this statement's snapshot. A new statement sees it.
  const remembered = await rememberedCartName(db, tenant, idempotencyKey);
  if (!remembered) throw new Error('an idempotency key conflicted with a row that is not there');
  return remembered;
}

/**
 * Adds items to a cart (a new one when no name is given) and answers its name. The owners of
 * the items' numbers are looked up first, each number once and outside the transaction (no
 * outside call holds a lock). A new cart is written in one statement; a cart's change happens in
 * one transaction under a lock on the cart. Either way a refused item leaves the cart as it was,
 * and a repeated idempotency key answers the first call's cart without adding again.
 */
export async function addItems(
  {
    db,
    tenant,
    numberOwners,
    now = new Date(),
    sales = { channel: 'web', currency: tenant.currency },
    catalogue,
  }: CartContext & { numberOwners: Pick<NumberOwners, 'ownersOf'> },
  cartName: string | undefined,
  items: readonly CartItem[],
  idempotencyKey?: string,
): Promise<string> {
  items = await sealedItems(items);
  const byCode: Map<string, Product> = await productsByCode(
    db,
    tenant,
    [...new Set(items.map((item) => item.productId))],
    catalogue,
  );
  const owners = await numberOwners.ownersOf(
    numbersToLookUp(
      items.map((item) => ({
        kind: byCode.get(item.productId)?.kind,
        phoneNumber: itemNumber(tenant, item),
      })),
    ),
  );
  if (!cartName) {
    return newCartInOneStatement(db, tenant, byCode, owners, items, { ...sales, now }, idempotencyKey);
  }
  return db.transaction(async (tx) => {
    if (idempotencyKey) {
      const seen = await rememberedCartName(tx, tenant, idempotencyKey);
      if (seen) return seen;
    }
    const cart = await findCart(tx, tenant, cartName, now, true);
    const lines = await linesOf(tx, cart);
    const missing = [...new Set(lines.map((line) => line.productId))].filter((code) => !byCode.has(code));
    for (const [code, product] of await productsByCode(tx, tenant, missing)) byCode.set(code, product);

    const { next, added } = mergedLines(tenant, byCode, owners, items, lines, {
      cartId: cart.id,
      channel: sales.channel,
      currency: cart.currency,
      now,
    });
    await checkSetups(tx, tenant, added, now);
    checkCartWhole(tenant, byCode, next);

    for (const line of next) {
      const before = lines.find((candidate) => candidate.itemKey === line.itemKey);
      if (before && before.quantity !== line.quantity) {
        await tx.update(cartItems).set({ quantity: line.quantity }).where(eq(cartItems.id, before.id));
      }
    }
    if (added.length > 0) {
      await tx.insert(cartItems).values(added.map(({ id: _id, createdAt: _createdAt, ...line }) => line));
    }
    await touch(tx, tenant, cart, now);
    if (idempotencyKey) {
      await tx
        .insert(cartRequests)
        .values({ tenantId: tenant.shopId, idempotencyKey, cartName: cart.cartName });
    }
    return cart.cartName;
  });
}

/** Sets a line's quantity (0 removes it); a change past a limit is refused and changes nothing. */
export async function setQuantity(
  { db, tenant, now = new Date() }: CartContext,
  cartName: string,
  itemKey: string,
  quantity: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const cart = await findCart(tx, tenant, cartName, now, true);
    const lines = await linesOf(tx, cart);
    const line = lines.find((candidate) => candidate.itemKey === itemKey);
    if (!line) throw new DomainError('UNKNOWN_CART_ITEM', `The cart has no item "${itemKey}"`);
    if (quantity === 0) {
      await tx.delete(cartItems).where(eq(cartItems.id, line.id));
    } else {
      enforceLimits(
        tenant,
        asCartLines(
          lines.map((candidate) => (candidate.id === line.id ? { ...candidate, quantity } : candidate)),
        ),
      );
      await tx.update(cartItems).set({ quantity }).where(eq(cartItems.id, line.id));
    }
    await touch(tx, tenant, cart, now);
  });
}

async function promosOf(db: Executor, tenant: TenantConfig, codes: readonly string[]): Promise<PromoCode[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .select()
    .from(promoCodes)
    .where(and(eq(promoCodes.tenantId, tenant.shopId), inArray(promoCodes.code, [...codes])));
  return codes.flatMap((code) => {
    const row = rows.find((candidate) => candidate.code === code);
    return row
      ? [
          {
            code: row.code,
            kind: row.kind,
            value: row.value,
            validFrom: row.validFrom ?? undefined,
            validUntil: row.validUntil ?? undefined,
            minimumOrder: row.minimumOrder ?? undefined,
            usageLimit: row.usageLimit ?? undefined,
            timesUsed: row.timesUsed,
          },
        ]
      : [];
  });
}

const normaliseCode = (code: string) => code.trim().toUpperCase();

/** Applies promo codes (spec §3 voucherCodes); an invalid one is refused with VOUCHER_TOKEN_INVALID. */
export async function addVouchers(
  { db, tenant, now = new Date() }: CartContext,
  cartName: string,
  voucherCodes: readonly string[],
): Promise<void> {
  await db.transaction(async (tx) => {
    const cart = await findCart(tx, tenant, cartName, now, true);
    if (!tenant.flags.allowPromoCodes) {
      throw new DomainError('VOUCHER_TOKEN_INVALID', 'This shop does not take promo codes');
    }
    const applied = [...cart.voucherCodes];
    const netAmount = (await linesOf(tx, cart)).reduce(
      (sum, line) => sum + line.faceValue * line.quantity,
      0,
    );
    for (const code of voucherCodes.map(normaliseCode)) {
      const [promo] = await promosOf(tx, tenant, [code]);
      const verdict = evaluatePromo(promo, {
        netAmount,
        now,
        codesAlreadyApplied: applied,
        allowMultipleCodes: tenant.cart.allowMultiplePromoCodes,
      });
      if (!verdict.ok)
        throw new DomainError(verdict.code, `Promo code "${code}" cannot be used (${verdict.reason})`);
      applied.push(code);
    }
    await touch(tx, tenant, cart, now, { voucherCodes: applied });
  });
}

export async function removeVouchers(
  { db, tenant, now = new Date() }: CartContext,
  cartName: string,
  voucherCodes: readonly string[],
): Promise<void> {
  await db.transaction(async (tx) => {
    const cart = await findCart(tx, tenant, cartName, now, true);
    const removed = new Set(voucherCodes.map(normaliseCode));
    await touch(tx, tenant, cart, now, {
      voucherCodes: cart.voucherCodes.filter((code) => !removed.has(code)),
    });
  });
}

/** The cart as the shop shows it (spec §3 Cart), priced with the current promo codes. */
export async function detailedCart(
  { db, tenant, now = new Date() }: CartContext,
  cartName: string,
): Promise<DetailedCart> {
  return describeCart(db, tenant, await findCart(db, tenant, cartName, now, false));
}

/**
 * The cart for a checkout step: its row, locked until the transaction ends so that no change
 * slips in between pricing and recording, and its detailed, priced view. An empty cart has
 * nothing to check out and is refused.
 */
export async function cartForCheckout(tx: Transaction, tenant: TenantConfig, cartName: string, now: Date) {
  const cart = await findCartForUpdate(tx, tenant, cartName, now);
  const detail = await describeCart(tx, tenant, cart);
  if (detail.items.length === 0) throw new DomainError('VALIDATION_FAILED', 'The cart is empty');
  return { cart, detail };
}

async function describeCart(db: Executor, tenant: TenantConfig, cart: Cart): Promise<DetailedCart> {
  const rows = await db
    .select({
      line: cartItems,
      kind: products.kind,
      brandId: products.brandId,
      brandName: products.brandName,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productRef))
    .where(eq(cartItems.cartId, cart.id))
    .orderBy(asc(cartItems.position));
  const promos = await promosOf(db, tenant, cart.voucherCodes);
  const summary = priceCart({
    lines: asCartLines(rows.map((row) => row.line)),
    currency: cart.currency,
    cartServiceFee: tenant.cart.serviceFees.perCart,
    promos,
  });
  return {
    cartName: cart.cartName,
    items: rows.map(({ line, kind, brandId, brandName }) => {
      const { faceValue, serviceFee } = chargedNow(line);
      return {
        itemKey: line.itemKey,
        productId: line.productId,
        product_id: line.productId,
        kind,
        brand: { brandId, name: brandName },
        amount: faceValue,
        serviceFee,
        grossAmount: (faceValue + serviceFee) * line.quantity,
        quantity: line.quantity,
        phoneNumber: line.phoneNumber,
        additionalData: lineAdditionalData(kind, line.options, line.faceValue),
      };
    }),
    savePayment: cart.savePayment,
    voucherCodes: cart.voucherCodes,
    iFrameUrl: null,
    summary,
    paymentMethod: null,
    additionalData: {},
    deliveryAddress: null,
  };
}

/** Deletes carts idle past their expiry; answers how many went. */
export async function deleteExpiredCarts(db: Database, now = new Date()): Promise<number> {
  const deleted = await db.delete(carts).where(lte(carts.expiresAt, now)).returning({ id: carts.id });
  return deleted.length;
}
