import { COOKIE_NAMES } from '@shop/storefront/cookie-names';
import { expect, test } from './fixtures';
import { demoTenants, expectNoAxeViolations, shopUrl } from './shop';

for (const shop of demoTenants) {
  for (const theme of shop.themes.dark ? (['light', 'dark'] as const) : (['light'] as const)) {
    test(`${shop.shopId}: main page in the ${theme} theme has no axe violation`, async ({
      page,
      context,
    }) => {
      await context.addCookies([{ name: COOKIE_NAMES.theme, value: theme, url: shopUrl(shop.shopId, '/') }]);
      await page.goto(shopUrl(shop.shopId));
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expectNoAxeViolations(page, [
        'wcag2a',
        'wcag2aa',
        'wcag21a',
        'wcag21aa',
        'wcag22aa',
        'best-practice',
      ]);
    });
  }
}

test('the language menu is usable by keyboard alone', async ({ page }) => {
  await page.goto(shopUrl('kartenkiosk'));
  const switcher = page.getByTestId('locale-switcher');
  // The button takes focus once the page's script has made it usable.
  await expect(switcher).toBeEnabled();
  await switcher.focus();
  await page.keyboard.press('Enter');
  await expect(switcher).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(switcher).toHaveAttribute('aria-expanded', 'false');
  await expect(switcher).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the header menu works by keyboard alone and has no axe violation when open', async ({ page }) => {
    await page.goto(shopUrl('ladeplatz'));
    const menu = page.getByTestId('header-menu');
    await expect(menu).toBeEnabled();
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(page.locator('.site-nav').getByRole('link')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('locale-switcher')).toBeFocused();
    await page.keyboard.press('Enter');
    await expectNoAxeViolations(page, ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa', 'best-practice']);
    // The first Escape closes the language list, the second the menu.
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('locale-switcher')).toBeFocused();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();
    await expect(page.getByTestId('theme-toggle')).toBeHidden();
  });
});
