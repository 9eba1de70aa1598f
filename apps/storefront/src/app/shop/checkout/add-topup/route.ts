import { parseMsisdn } from '@shop/domain';
import { type AddToCartRequest, detailedCartSchema } from '@shop/domain/contract';
import { cartStepPath, mainPagePath, type TenantConfig } from '@shop/tenants';
import { cookies } from 'next/headers';
import type { NextRequest } from 'next/server';
import { automaticFields, automaticFromFields } from '../../../../components/topup/form/automatic';
import { cartItem, setsUpOnly, type TopupChoice } from '../../../../components/topup/form/cart-item';
import { chosenAmount, topupProblems } from '../../../../components/topup/form/check';
import { TOPUP_FIELDS, TOPUP_RETURN } from '../../../../components/topup/form/form-post';
import { minorUnits } from '../../../../components/topup/form/money-input';
import type { TopupType } from '../../../../components/topup/form/props';
import { smsFromFields } from '../../../../components/topup/form/sms';
import { topupOffer } from '../../../../components/topup/offer';
import { postApi } from '../../../../lib/api';
import { fetchProducts } from '../../../../lib/catalogue';
import { COOKIE_MAX_AGE_SECONDS, COOKIE_NAMES } from '../../../../lib/cookie-names';
import { ownPath } from '../../../../lib/return-path';
import { currentTenant } from '../../../../lib/tenant';

const TOPUP_TYPES: readonly TopupType[] = ['ONCE_OFF', 'AUTOMATIC', 'SMS', 'CASH_CODE'];

function seeOther(location: string, cookiesToSet: string[] = []): Response {
  const headers = new Headers({ Location: location, 'Cache-Control': 'no-store' });
  for (const cookie of cookiesToSet) headers.append('Set-Cookie', cookie);
  return new Response(null, { status: 303, headers });
}

function cookie(name: string, value: string, maxAgeSeconds: number, secure: boolean): string {
  return `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/** Puts the items in the shopper's cart (a new one when theirs has expired), as the browser would. */
async function addToCart(tenant: TenantConfig, items: AddToCartRequest['items'], key: string) {
  const cartName = (await cookies()).get(COOKIE_NAMES.cartName)?.value || undefined;
  const post = (name: string | undefined) =>
    postApi(
      tenant,
      '/api/shop/rest/v2/addToCart',
      { ...(name ? { cartName: name } : {}), items } satisfies AddToCartRequest,
      detailedCartSchema,
      { 'Idempotency-Key': key },
    );
  const result = await post(cartName);
  return !result.ok && result.code === 'UNKNOWN_CART' ? post(undefined) : result;
}

/**
 * The top-up form sent before JavaScript has loaded: checks it as the browser would, puts the
 * top-up in the cart and goes on to the next step; on a problem, back to the form, filled in
 * again, with the problem next to its field. (The number's network is checked by the API, which
 * refuses a number of another brand.)
 */
export async function POST(request: NextRequest): Promise<Response> {
  const tenant = await currentTenant();
  if (!tenant) return new Response(null, { status: 404 });
  const form = await request.formData().catch(() => new FormData());
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const back = ownPath(field(TOPUP_FIELDS.back)) ?? mainPagePath(tenant);
  const requestedType = field(TOPUP_FIELDS.topupType) as TopupType;
  const fixed = minorUnits(field(TOPUP_FIELDS.amount));
  const brandId = field(TOPUP_FIELDS.brandId) || tenant.shopId;
  const products = await fetchProducts(tenant, { brand: brandId }, 0, 100).catch(() => undefined);
  const offer = topupOffer(tenant, products?.items ?? []);
  const topupType = TOPUP_TYPES.includes(requestedType) ? requestedType : 'ONCE_OFF';
  const choice: TopupChoice = {
    topupType,
    amount: fixed,
    cashCode: field(TOPUP_FIELDS.cashCode),
    automatic:
      topupType === 'AUTOMATIC' && offer.automatic
        ? automaticFromFields(offer.automatic, (name) => (form.has(name) ? field(name) : undefined))
        : undefined,
    sms: topupType === 'SMS' && offer.sms ? smsFromFields(field) : undefined,
    lightCode: field(TOPUP_FIELDS.lightCode) || undefined,
  };
  const input = { ...choice, otherAmount: field(TOPUP_FIELDS.otherAmount) };
  const country = field(TOPUP_FIELDS.country);
  const countries = [country, ...tenant.phoneCountryCodes.filter((code) => code !== country)];

  const returnTo = (problem: [string, string]) => {
    const query = new URLSearchParams({ msisdn: field(TOPUP_FIELDS.msisdn), country });
    const minor = chosenAmount(offer, input);
    if (minor !== null) query.set('amount', String(minor / 100));
    if (choice.topupType !== 'ONCE_OFF') query.set(TOPUP_FIELDS.topupType, choice.topupType);
    if (offer.automatic && choice.automatic) {
      for (const entry of Object.entries(automaticFields(offer.automatic, choice.automatic)))
        query.set(...entry);
    }
    query.set(...problem);
    return seeOther(`${back.split('?')[0]}?${query}`);
  };

  if (!products || !offer.topupTypes.includes(choice.topupType)) return returnTo([TOPUP_RETURN.error, '']);
  const number = parseMsisdn(field(TOPUP_FIELDS.msisdn), countries);
  const minor = chosenAmount(offer, input);
  const problems = topupProblems(offer, input, number);
  if (!number.ok || (minor === null && !setsUpOnly(choice)) || Object.keys(problems).length > 0)
    return returnTo([TOPUP_RETURN.checked, '1']);

  const onSale = { ...offer, fixedAmounts: offer.fixedAmounts.filter((amount) => amount.purchasable) };
  const item = cartItem(onSale, choice, number.msisdn, minor);
  if (!item) return returnTo([TOPUP_RETURN.error, '']);
  const key = field(TOPUP_FIELDS.idempotencyKey) || crypto.randomUUID();
  const added = await addToCart(tenant, [item], key);
  if (!added.ok) return returnTo([TOPUP_RETURN.error, added.code ?? '']);
  const secure = request.nextUrl.protocol === 'https:';
  return seeOther(cartStepPath(tenant), [
    cookie(COOKIE_NAMES.cartName, added.data.cartName, COOKIE_MAX_AGE_SECONDS.cartName, secure),
    cookie(COOKIE_NAMES.phoneNumber, number.msisdn, COOKIE_MAX_AGE_SECONDS.phoneNumber, secure),
  ]);
}
