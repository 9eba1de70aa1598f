import AxeBuilder from '@axe-core/playwright';
import { COOKIE_NAMES, NECESSARY_COOKIES } from '@shop/storefront/cookie-names';
import { type TenantConfig, tenantTranslations } from '@shop/tenants';
import { ports } from '../playwright.config';
import { callApi } from './accounts';
import { addTopup, ownClientAddress, payByCard, sandboxUrl, testCards, uniqueNumber } from './checkout';
import { cartWith, productToBuy } from './demo-cart';
import { type BrowserContext, expect, type Page, test } from './fixtures';
import { demoTenants, shopUrl, tenant } from './shop';

test.use({ cookieChoice: 'undecided' });

/** The page's data layer, as the tenant's tools read it. */
const pageDataLayer = (page: Page) =>
  page.evaluate(() => (window as unknown as { dataLayer?: { event?: string }[] }).dataLayer);

const FUNKFIX_LABELS = { phone: 'Handynummer', next: 'Weiter' };

interface Hit {
  tool: string;
  id: string;
  kind: 'script' | 'loaded' | 'event';
  data: unknown;
}

/** What the sandbox's stand-in tools received from a shop's pages since a moment. */
async function hitsSince(site: string, since: number): Promise<Hit[]> {
  const response = await fetch(
    `${sandboxUrl}/measurement/hits?site=${encodeURIComponent(site)}&since=${since}`,
  );
  if (!response.ok) throw new Error(`measurement hits: ${response.status}`);
  return (await response.json()) as Hit[];
}

/** The tools the tenant measures with, as the sandbox names them. */
function toolsOf(tenant: TenantConfig): string[] {
  return [
    tenant.tagManagerId && 'tag-manager',
    tenant.measurementId && 'analytics',
    tenant.hotjarId && 'heat-map',
    tenant.xtremepushId && 'push',
  ]
    .filter((tool): tool is string => Boolean(tool))
    .sort();
}

/** The e-commerce events the tools that read the data layer received. */
const eventsIn = (hits: Hit[]) =>
  hits
    .filter((hit) => hit.kind === 'event')
    .map((hit) => hit.data as { event?: string; ecommerce?: { transaction_id?: string; value?: number } })
    .filter((entry) =>
      ['view_item', 'add_to_cart', 'begin_checkout', 'purchase'].includes(entry.event ?? ''),
    );

/** Every request the context's pages and frames make, by URL. */
function recordRequests(context: BrowserContext): string[] {
  const urls: string[] = [];
  context.on('request', (request) => urls.push(request.url()));
  return urls;
}

const foreign = (urls: string[], site: string) =>
  urls.filter((url) => !url.startsWith('data:') && new URL(url).host !== site);

async function cookieNames(context: BrowserContext): Promise<string[]> {
  return (await context.cookies()).map((cookie) => cookie.name).sort();
}

/**
 * Waits until the page has made the requests it makes on its own: network idle, or 15 s of them
 * on a machine too busy to ever look idle. What reached another host by then is what is judged.
 */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
}

for (const tenant of demoTenants) {
  const { shopId } = tenant;
  const site = `${shopId}.localhost:${ports.storefront}`;
  const texts = tenantTranslations(tenant, tenant.defaultLocale, 'common');
  const tools = toolsOf(tenant);
  const readsDataLayer = tools.includes('tag-manager') || tools.includes('analytics');

  test(`${shopId}: nothing is measured before consent; after it the tenant's tools run and see a purchase; withdrawing stops them`, async ({
    page,
    context,
  }) => {
    test.setTimeout(60_000);
    await ownClientAddress(context, shopId);
    const requests = recordRequests(context);

    // Before consent: the banner asks, and nothing but the shop itself is reached or remembered.
    await page.goto(shopUrl(shopId));
    const banner = page.getByTestId('consent-banner');
    await expect(banner.getByRole('heading', { name: texts.consentTitle })).toBeVisible();
    await settle(page);
    expect(foreign(requests, site), 'requests to other hosts before consent').toEqual([]);
    expect((await cookieNames(context)).filter((name) => !NECESSARY_COOKIES.has(name))).toEqual([]);
    expect(await pageDataLayer(page)).toBeUndefined();

    // Consent: stored, the page loads again, the tenant's tools run with the ids of spec §9.
    const consentAt = Date.now();
    await banner.getByRole('button', { name: texts.consentAcceptAll }).click();
    await expect(banner).toHaveCount(0);
    expect((await context.cookies()).find((cookie) => cookie.name === COOKIE_NAMES.consent)?.value).toBe(
      'necessary:1|statistics:1',
    );
    await expect
      .poll(async () =>
        [
          ...new Set(
            (await hitsSince(site, consentAt)).filter((hit) => hit.kind === 'loaded').map((hit) => hit.tool),
          ),
        ].sort(),
      )
      .toEqual(tools);
    const loaded = await hitsSince(site, consentAt);
    if (tenant.hotjarId) {
      expect(loaded).toContainEqual(
        expect.objectContaining({
          tool: 'heat-map',
          kind: 'loaded',
          data: { hjid: Number(tenant.hotjarId), hjsv: 6 },
        }),
      );
    }
    await expect
      .poll(async () =>
        (await context.cookies()).some((cookie) => cookie.name === COOKIE_NAMES.analyticsSessionId),
      )
      .toBe(true);
    const cookies = await context.cookies();
    const clientId = cookies.find((cookie) => cookie.name === COOKIE_NAMES.analyticsClientId);
    expect(clientId?.value).toMatch(/^[1-9]\d{8}\.\d{10}$/);
    const days = (name: string) => {
      const cookie = cookies.find((candidate) => candidate.name === name);
      return cookie ? Math.round((cookie.expires * 1000 - Date.now()) / 86_400_000) : undefined;
    };
    expect(days(COOKIE_NAMES.analyticsClientId)).toBe(3);
    expect(days(COOKIE_NAMES.analyticsSessionId)).toBe(2);

    // A purchase: the payment page begins the checkout, the result page names the order and its value.
    const product = await productToBuy(callApi, tenant);
    if (!product) throw new Error(`${shopId} sells nothing to buy at once`);
    const cartName = await cartWith(callApi, tenant, product);
    await context.addCookies([{ name: COOKIE_NAMES.cartName, value: cartName, url: shopUrl(shopId, '/') }]);
    await page.goto(shopUrl(shopId, '/shop/checkout/payment'));
    const form = page.getByTestId('payment-form');
    await form.getByRole('textbox', { name: texts.emailLabel }).fill(`consent.${shopId}@example.com`);
    await form.getByRole('radio', { name: texts.paymentMethod_creditcard }).check();
    await form.getByTestId('withdrawal-consent').check();
    await page.getByRole('button', { name: texts.orderWithObligationToPay }).click();
    const frame = page.frameLocator('[data-testid=payment-frame]');
    await payByCard(
      tenant.settings.iFrameCreditCard ? frame.locator('body') : page.locator('body'),
      testCards.approve,
    );
    const result = page.getByTestId('payment-result');
    await expect(result).toHaveAttribute('data-status', 'Success', { timeout: 25_000 });
    const orderNumber = new URL(page.url()).searchParams.get('orderNumber');
    const purchase = (await pageDataLayer(page))?.find((entry) => entry.event === 'purchase');
    expect(purchase).toEqual({
      event: 'purchase',
      ecommerce: expect.objectContaining({ transaction_id: orderNumber, value: expect.any(Number) }),
    });
    if (readsDataLayer) {
      await expect
        .poll(async () =>
          eventsIn(await hitsSince(site, consentAt)).map((entry) =>
            entry.event === 'purchase' ? `purchase ${entry.ecommerce?.transaction_id}` : entry.event,
          ),
        )
        .toEqual(expect.arrayContaining(['begin_checkout', `purchase ${orderNumber}`]));
    }

    // Withdrawal, from the footer: the statistics cookies go, and no tool is reached again.
    await page.getByRole('contentinfo').getByRole('button', { name: texts.cookieSettings }).click();
    const dialog = page.getByRole('dialog', { name: texts.cookieSettings });
    await dialog.getByRole('checkbox', { name: texts.consentStatisticsTitle }).uncheck();
    await dialog.getByRole('button', { name: texts.consentSave }).click();
    await expect(dialog).toBeHidden();
    const withdrawnAt = Date.now();
    requests.length = 0;
    await page.goto(shopUrl(shopId));
    await settle(page);
    expect(foreign(requests, site), 'requests to other hosts after withdrawal').toEqual([]);
    expect((await cookieNames(context)).filter((name) => !NECESSARY_COOKIES.has(name))).toEqual([]);
    expect(await hitsSince(site, withdrawnAt)).toEqual([]);
    await expect(page.getByTestId('consent-banner')).toHaveCount(0);
  });
}

test('funkfix: the top-up form tells the tools what the shopper looks at and puts in the cart', async ({
  page,
  context,
}) => {
  const since = Date.now();
  await context.addCookies([
    { name: COOKIE_NAMES.consent, value: 'necessary:1|statistics:1', url: shopUrl('funkfix', '/') },
  ]);
  await addTopup(page, 'funkfix', { amount: '15 €', phone: uniqueNumber('+49170'), labels: FUNKFIX_LABELS });
  const site = `funkfix.localhost:${ports.storefront}`;
  await expect
    .poll(async () =>
      eventsIn(await hitsSince(site, since)).map((entry) => [entry.event, entry.ecommerce?.value]),
    )
    .toEqual(
      expect.arrayContaining([
        ['view_item', expect.any(Number)],
        ['add_to_cart', (1500 + tenant('funkfix').cart.serviceFees.perItem) / 100],
      ]),
    );
});

test.describe('the banner and the settings dialog', () => {
  for (const [shopId, theme] of [
    ['ladeplatz', 'light'],
    ['ladeplatz', 'dark'],
    ['rechargeplus', 'dark'],
    ['topnet', 'light'],
  ] as const) {
    test(`${shopId} (${theme}): axe finds nothing; keyboard reaches the choice first and the dialog keeps focus`, async ({
      page,
      context,
    }) => {
      await context.addCookies([{ name: COOKIE_NAMES.theme, value: theme, url: shopUrl(shopId, '/') }]);
      await page.goto(shopUrl(shopId));
      const banner = page.getByTestId('consent-banner');
      await expect(banner).toBeVisible();
      expect(
        (await new AxeBuilder({ page }).include('[data-testid=consent-banner]').analyze()).violations,
      ).toEqual([]);

      // After the skip link: the banner's privacy link and its first choice.
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await expect(banner.getByRole('link')).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(banner.getByRole('button').first()).toBeFocused();

      await banner.getByTestId('cookie-settings-open').click();
      const dialog = page.getByTestId('cookie-settings');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('checkbox').nth(1)).not.toBeChecked();
      await expect(dialog.getByRole('checkbox').first()).toBeDisabled();
      expect(
        (await new AxeBuilder({ page }).include('[data-testid=cookie-settings]').analyze()).violations,
      ).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });
  }

  test('belwaarde: "only necessary" keeps statistics off, and the banner does not ask again', async ({
    page,
    context,
  }) => {
    const tenant = demoTenants.find((candidate) => candidate.shopId === 'belwaarde') as TenantConfig;
    const texts = tenantTranslations(tenant, 'nl', 'common');
    const requests = recordRequests(context);
    await page.goto(shopUrl('belwaarde'));
    await page
      .getByTestId('consent-banner')
      .getByRole('button', { name: texts.consentOnlyNecessary })
      .click();
    await expect(page.getByTestId('consent-banner')).toHaveCount(0);
    await settle(page);
    expect(foreign(requests, `belwaarde.localhost:${ports.storefront}`)).toEqual([]);
    expect((await context.cookies()).find((cookie) => cookie.name === COOKIE_NAMES.consent)?.value).toBe(
      'necessary:1|statistics:0',
    );
    await page.reload();
    await expect(page.getByTestId('consent-banner')).toHaveCount(0);
  });
});
