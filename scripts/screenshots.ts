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
import { checkoutAddressAnswerSchema, startedPaymentAnswerSchema } from '@shop/domain/contract';
import { COOKIE_NAMES } from '@shop/storefront/cookie-names';
import { brandPath, mainPagePath, type TenantConfig, tenants } from '@shop/tenants';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { apiCaller, cartWith, productToBuy } from '../e2e/demo-cart';

const storefrontPort = Number(process.env.PORT ?? 3000);
const callApi = apiCaller(`http://127.0.0.1:${process.env.API_PORT ?? 4000}`);
const outDir = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1366, height: 768 },
] as const;

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
    const product = await productToBuy(callApi, tenant);
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
        const cartName = product ? await cartWith(callApi, tenant, product) : undefined;
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
