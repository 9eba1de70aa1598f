/**
 * `npm run screenshots`: photographs every tenant's main, brand, cart, payment and result pages on a
 * phone (390 px) and a laptop (1366 px), in each of its themes, in the shop started by `npm start`,
 * and writes them with an index to docs/screenshots/, so that a reviewer sees the shop without
 * running it.
 *
 * The shop's ports come from the same variables as `npm start` (PORT, API_PORT). The cart is filled
 * through the API, as the top-up form would fill it, with a number of the product's brand; the
 * result page is that of an order paid by card at the sandbox (where the tenant takes cards).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import {
  cartNameAnswerSchema,
  checkoutAddressAnswerSchema,
  type Product,
  productListingSchema,
  startedPaymentAnswerSchema,
} from '@shop/domain/contract';
import { COOKIE_NAMES } from '@shop/storefront/cookie-names';
import { brandPath, mainPagePath, type TenantConfig, tenants } from '@shop/tenants';
import type * as z from 'zod';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';

const storefrontPort = Number(process.env.PORT ?? 3000);
const apiUrl = `http://127.0.0.1:${process.env.API_PORT ?? 4000}`;
const outDir = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1366, height: 768 },
] as const;

/** A number of each brand's own range (docs/sandbox.md, numbering plan). */
const NUMBER_OF_BRAND: Record<string, string> = {
  funkfix: '+4917012345678',
  blitzmobil: '+4915112345678',
  tarifwerk: '+4916012345678',
  alpenfunk: '+4366012345678',
  belwaarde: '+31612345678',
  rechargeplus: '+33612345678',
  topnet: '+447712345678',
  callhome: '+445612345678',
};

/** A call of the API as the shop's server makes it, its answer read by the contract's schema. */
async function callApi<T extends z.ZodType>(
  tenant: TenantConfig,
  path: string,
  schema: T,
  init: RequestInit = {},
): Promise<z.infer<T>> {
  const response = await fetch(`${apiUrl}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', 'x-tenant-id': tenant.shopId, ...init.headers },
  });
  if (!response.ok) throw new Error(`${tenant.shopId} ${path}: ${response.status} ${await response.text()}`);
  return schema.parse(await response.json());
}

/** The first product a shopper can buy at once: a voucher, or a top-up of a fixed amount. */
async function productToBuy(tenant: TenantConfig): Promise<Product | undefined> {
  const { items } = await callApi(tenant, '/api/shop/rest/v1/products?size=100', productListingSchema);
  return items.find(
    (product) =>
      product.amount !== null &&
      product.status === 'ACTIVE' &&
      (product.kind === 'VOUCHER' ||
        (product.kind === 'ONCE_OFF' && NUMBER_OF_BRAND[product.brand.brandId] !== undefined)),
  );
}

/** A cart holding the product, as the shop's own form would make it. */
async function cartWith(tenant: TenantConfig, product: Product): Promise<string> {
  const phoneNumber = product.kind === 'VOUCHER' ? undefined : NUMBER_OF_BRAND[product.brand.brandId];
  const { cartName } = await callApi(tenant, '/api/shop/rest/addToCart', cartNameAnswerSchema, {
    method: 'POST',
    body: JSON.stringify({
      items: [{ productId: product.productId, ...(phoneNumber ? { phoneNumber } : {}) }],
    }),
  });
  return cartName;
}

/** The order of a cart paid by card at the sandbox, as the shopper's browser would pay it. */
async function paidOrder(tenant: TenantConfig, cartName: string): Promise<string> {
  await callApi(tenant, '/api/shop/rest/checkout-address', checkoutAddressAnswerSchema, {
    method: 'POST',
    body: JSON.stringify({
      cartName,
      deliveryAddress: { email: 'gallery@example.com', language: tenant.defaultLocale },
      language: tenant.currency === 'EUR' ? 'de' : 'en',
    }),
  });
  const { payerUrl, orderNumber } = await callApi(
    tenant,
    '/api/shop/rest/checkout-start-payment',
    startedPaymentAnswerSchema,
    { method: 'POST', body: JSON.stringify({ cartName, paymentMethod: 'creditcard' }) },
  );
  const approved = await fetch(`${payerUrl.split('?')[0]}/approve`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ cardNumber: '4111 1111 1111 1111', expiry: '12/39', cvc: '123' }),
  });
  if (!approved.ok) throw new Error(`${tenant.shopId}: the sandbox refused the card (${approved.status})`);
  return orderNumber;
}

async function main() {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  const rows: string[] = [];
  for (const tenant of tenants().all) {
    const origin = `http://${tenant.shopId}.localhost:${storefrontPort}`;
    const product = await productToBuy(tenant);
    const pages: { name: string; path: string }[] = [{ name: 'main', path: mainPagePath(tenant) }];
    if (product) {
      pages.push({
        name: 'brand',
        path: brandPath(tenant, { brandId: product.brand.brandId, categoryId: product.category.categoryId }),
      });
      if (!tenant.flags.skipCartPageCheckout) pages.push({ name: 'cart', path: '/shop/checkout/cart' });
      pages.push({ name: 'payment', path: '/shop/checkout/payment' });
    }
    const shots: string[] = [];
    for (const theme of tenant.themes.dark ? (['light', 'dark'] as const) : (['light'] as const)) {
      for (const viewport of VIEWPORTS) {
        const context = await browser.newContext({ viewport, colorScheme: theme });
        const cartName = product ? await cartWith(tenant, product) : undefined;
        if (cartName)
          await context.addCookies([{ name: COOKIE_NAMES.cartName, value: cartName, url: origin }]);
        const page = await context.newPage();
        const shoot = async (name: string, path: string, ready = async () => {}) => {
          await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
          await ready();
          const file = `${tenant.shopId}-${name}-${viewport.name}-${theme}.jpg`;
          await page.screenshot({ path: `${outDir}${file}`, type: 'jpeg', quality: 70 });
          shots.push(`![${tenant.providerName}, ${name} page, ${viewport.width} px, ${theme}](${file})`);
        };
        for (const { name, path } of pages) await shoot(name, path);
        if (cartName && tenant.paymentMethods.includes('creditcard')) {
          const orderNumber = await paidOrder(tenant, cartName);
          await shoot(
            'result',
            `/shop/checkout/result?${new URLSearchParams({ cartName, orderNumber })}`,
            () => page.getByTestId('order-number').waitFor({ timeout: 30_000 }),
          );
        }
        await context.close();
      }
    }
    rows.push(`## ${tenant.providerName}`, '', ...shots.map((shot) => `${shot}\n`));
    console.log(`${tenant.shopId}: ${shots.length} pages`);
  }
  await browser.close();
  writeFileSync(
    `${outDir}README.md`,
    [
      '# Screenshots',
      '',
      'Every tenant in each of its themes, above the fold, as `npm run screenshots` takes them from',
      'the shop that `npm start` runs. Cart and payment pages hold one product of the shop; the result',
      'page shows that product paid by card, where the shop takes cards.',
      '',
      ...rows,
    ].join('\n'),
  );
}

await main();
