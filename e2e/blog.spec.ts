import { BLOG_PAGE_SIZE } from '@shop/domain';
import { COOKIE_NAMES } from '@shop/storefront/cookie-names';
import { expect, test } from './fixtures';
import { callShop, expectNoAxeViolations, shopUrl } from './shop';

/** The blog (decision 0045) on the two shops that have one, and its absence on a shop that has none. */

test('ladeplatz: the blog lists its newest posts and shows more on request, keeping those shown', async ({
  page,
}) => {
  await page.goto(`${shopUrl('ladeplatz', '/blog')}?lang=de`);
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  const posts = page.getByTestId('blog-post');
  await expect(posts).toHaveCount(BLOG_PAGE_SIZE);
  await expect(posts.first()).toContainText('Guthaben aufladen im Ausland');
  const shownFirst = await posts.allTextContents();

  const more = page.getByTestId('blog-show-more');
  await more.click();
  await expect(posts).toHaveCount(4);
  expect((await posts.allTextContents()).slice(0, BLOG_PAGE_SIZE)).toEqual(shownFirst);
  await expect(posts.nth(3)).toContainText('Gaming-Guthabenkarten einfach erklärt');
  // The focus is on the first post added; screen readers hear how many came, and that none is left.
  await expect(posts.nth(3).getByRole('link')).toBeFocused();
  await expect(page.getByRole('status')).toHaveText(
    '1 weiterer Beitrag angezeigt. Alle Beiträge werden angezeigt.',
  );
  await expect(more).toHaveCount(0);
});

test('ladeplatz: a post opens from the list and renders its Markdown, with posts to read next', async ({
  page,
}) => {
  await page.goto(`${shopUrl('ladeplatz', '/blog')}?lang=en`);
  await page.getByRole('link', { name: 'Voucher code not working? Here is what to do' }).click();
  await expect(page).toHaveURL(/\/blog\/voucher-code-not-working$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Voucher code not working? Here is what to do',
  );
  await expect(page.getByRole('heading', { level: 2, name: '1. Check the code closely' })).toBeVisible();
  await expect(page.locator('.post__body strong').first()).toHaveText('0 and O');
  await expect(page.locator('.post__body a[href="/contact"]')).toHaveText('contact us');
  await expect(page.getByText('By Jana Berger')).toBeVisible();
  await expect(page).toHaveTitle('Voucher code not working? Here is what to do – Ladeplatz');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    'Code refused? Usually it is a typo or the wrong region. These steps solve nearly every case.',
  );
  const data = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
    (text) => JSON.parse(text) as { '@type': string; headline?: string },
  );
  expect(data.find((item) => item['@type'] === 'BlogPosting')?.headline).toBe(
    'Voucher code not working? Here is what to do',
  );
  const related = page.getByRole('region', { name: 'More from the blog' }).getByTestId('blog-post');
  await expect(related).toHaveCount(2);
  await page.getByRole('link', { name: 'All posts' }).click();
  await expect(page).toHaveURL(/\/blog$/);
});

test('ladeplatz: a language without posts shows the German ones and says so', async ({ page }) => {
  await page.goto(`${shopUrl('ladeplatz', '/blog')}?lang=pl`);
  await expect(page.getByText('Nasze wpisy są napisane w języku: niemiecki.')).toBeVisible();
  await expect(page.getByTestId('blog-post').first().getByRole('heading')).toHaveAttribute('lang', 'de');
});

test('rechargeplus: the blog is in French by default and in English with ?lang=en', async ({ page }) => {
  await page.goto(shopUrl('rechargeplus', '/blog'));
  await expect(page.getByTestId('blog-post').first()).toContainText('Recharger son mobile depuis l’étranger');
  await page.goto(`${shopUrl('rechargeplus', '/blog')}?lang=en`);
  await expect(page.getByTestId('blog-post').first()).toContainText('Topping up your phone from abroad');
  await page.goto(shopUrl('rechargeplus', '/blog/promo-codes'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Promo codes: how to use them');
});

test('funkfix has no blog: its blog and posts move for good to /not-found', async () => {
  for (const path of ['/blog', '/blog/top-up-abroad']) {
    const moved = await callShop('funkfix.localhost', path);
    expect(moved.status, path).toBe(301);
    expect(String(moved.headers.location), path).toMatch(/\/not-found$/);
  }
  const missing = await callShop('ladeplatz.localhost', '/blog/no-such-post');
  expect(missing.status).toBe(404);
});

test('the sitemap of a shop with a blog lists its posts', async () => {
  const sitemap = (await callShop('rechargeplus.localhost', '/sitemap.xml')).text();
  expect(sitemap).toMatch(/<loc>http:\/\/rechargeplus\.localhost:\d+\/blog\/promo-codes\?lang=fr<\/loc>/);
  expect((await callShop('funkfix.localhost', '/sitemap.xml')).text()).not.toContain('/blog');
});

for (const shopId of ['ladeplatz', 'rechargeplus']) {
  for (const theme of ['light', 'dark'] as const) {
    test(`${shopId}: the blog and a post in the ${theme} theme have no axe violation`, async ({
      page,
      context,
    }) => {
      await context.addCookies([{ name: COOKIE_NAMES.theme, value: theme, url: shopUrl(shopId, '/') }]);
      await page.goto(shopUrl(shopId, '/blog'));
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await page.getByTestId('blog-show-more').click();
      await expect(page.getByRole('status')).not.toBeEmpty();
      await expectNoAxeViolations(page, ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa', 'best-practice']);
      await page.goto(shopUrl(shopId, '/blog/automatic-top-up'));
      await expectNoAxeViolations(page, ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa', 'best-practice']);
    });
  }
}
