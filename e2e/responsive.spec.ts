import { COOKIE_NAMES } from '@shop/storefront/cookie-names';
import { cartStepPath } from '@shop/tenants';
import { ports } from '../playwright.config';
import { apiCaller, cartWith, productToBuy } from './demo-cart';
import { expect, type Locator, type Page, test } from './fixtures';
import { demoTenants, shopUrl } from './shop';

const callApi = apiCaller(`http://127.0.0.1:${ports.api}`);

/** The widths every page is checked at: small and common phones, a tablet, a laptop. */
const WIDTHS = [320, 390, 768, 1366];
/** Below this width the header's navigation and settings sit behind the menu button. */
const MENU_BELOW = 768;

/** Fails when the page is wider than the window (WCAG 1.4.10), naming what sticks out. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => {
    const width = window.innerWidth;
    const wide = Array.from(document.querySelectorAll('body *'))
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .slice(0, 3)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
    return { scrollWidth: document.documentElement.scrollWidth, width, wide };
  });
  expect(
    overflow.scrollWidth,
    `wider than ${overflow.width} px: ${overflow.wide.join(', ')}`,
  ).toBeLessThanOrEqual(overflow.width);
}

/** Fails unless the control is shown whole, inside the window. */
async function expectWhollyVisible(page: Page, control: Locator) {
  await expect(control).toBeVisible();
  const box = await control.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box && box.x >= 0 && box.x + box.width <= width, 'inside the window').toBe(true);
}

/** Every header control can be reached and used: opens the menu where there is one. */
async function expectHeaderUsable(page: Page, width: number, shop: (typeof demoTenants)[number]) {
  await expectWhollyVisible(page, page.locator('.cart-link'));
  await expectWhollyVisible(page, page.locator('.brand'));
  const menu = page.getByTestId('header-menu');
  const hasAccounts = !shop.flags.isAuthDisabled;
  const hasSettings =
    shop.locales.length > 1 || Boolean(shop.themes.dark) || !shop.variations.hideShopLink || hasAccounts;
  if (width < MENU_BELOW && hasSettings) {
    await expectWhollyVisible(page, menu);
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
  } else {
    await expect(menu).toBeHidden();
  }
  if (!shop.variations.hideShopLink) {
    await expectWhollyVisible(page, page.locator('.site-nav').getByRole('link'));
  }
  if (hasAccounts) await expectWhollyVisible(page, page.getByTestId('header-account').getByRole('link'));
  if (shop.themes.dark) await expectWhollyVisible(page, page.getByTestId('theme-toggle'));
  if (shop.locales.length > 1) {
    const switcher = page.getByTestId('locale-switcher');
    await expectWhollyVisible(page, switcher);
    await switcher.click();
    for (const code of shop.locales) await expectWhollyVisible(page, page.getByTestId(`locale-${code}`));
    await page.keyboard.press('Escape');
  }
  await expectNoSidewaysScroll(page);
}

for (const shop of demoTenants) {
  for (const theme of shop.themes.dark ? ['light', 'dark'] : ['light']) {
    test(`${shop.shopId}, ${theme}: main and filled cart pages fit every width, the header works at each`, async ({
      page,
      context,
    }) => {
      await context.addCookies([{ name: COOKIE_NAMES.theme, value: theme, url: shopUrl(shop.shopId, '/') }]);
      const product = await productToBuy(callApi, shop);
      if (!product) throw new Error(`${shop.shopId} sells nothing to put in a cart`);
      const cartName = await cartWith(callApi, shop, product);
      await context.addCookies([
        { name: COOKIE_NAMES.cartName, value: cartName, url: shopUrl(shop.shopId, '/') },
      ]);
      for (const path of [undefined, cartStepPath(shop)]) {
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 800 });
          await page.goto(shopUrl(shop.shopId, path));
          await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
          await expectNoSidewaysScroll(page);
          if (path) await expect(page.getByTestId('cart-line').first()).toBeVisible();
          await expectHeaderUsable(page, width, shop);
        }
      }
    });
  }
}
