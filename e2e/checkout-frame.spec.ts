import { choosePayment, expectOutcome, orderAndPay, payByCard, testCards } from './checkout';
import { expect, type Page, test } from './fixtures';
import { shopUrl } from './shop';

/**
 * The provider's card page in the shop's frame reports its height (decision 0024) and the frame
 * takes it: on a phone and on a laptop the whole page shows, its buttons included, with nothing
 * to scroll inside the frame.
 */

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
];

/** The frame's default height (`36rem`) before its page reports one. */
const DEFAULT_HEIGHT = 576;

/** Puts a voucher in the cart of ladeplatz (card in a frame) and opens the card frame. */
async function openCardFrame(page: Page) {
  await page.goto(shopUrl('ladeplatz', '/shop/gaming/pixelpass'));
  await page.getByRole('button', { name: 'PixelPass 20 € in den Warenkorb legen' }).click();
  await page.getByRole('link', { name: 'Weiter zur Zahlung' }).click();
  await choosePayment(page, { email: 'alex@example.com', method: 'Kreditkarte' });
  await orderAndPay(page, '20,25 €');
  await expect(page.getByRole('heading', { name: 'Mit Kreditkarte bezahlen' })).toBeFocused();
}

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('ladeplatz: the card frame is as high as its page, all of whose buttons show', async ({ page }) => {
      await openCardFrame(page);
      const iframe = page.getByTestId('payment-frame');
      const frame = page.frameLocator('[data-testid=payment-frame]');
      await expect(frame.getByRole('button', { name: 'Approve' })).toBeVisible();

      const measure = () =>
        frame.locator('html').evaluate((root) => ({
          viewport: window.innerHeight,
          content: Math.ceil(root.getBoundingClientRect().height),
          overflow: root.scrollHeight - root.clientHeight,
          scrolled: window.scrollY,
        }));
      await expect
        .poll(async () => {
          const { viewport: shown, content } = await measure();
          return Math.abs(shown - content);
        }, 'the frame as high as its page')
        .toBeLessThanOrEqual(3);
      const { content, overflow, scrolled } = await measure();
      expect(content, 'a page the default height would cut').toBeGreaterThan(DEFAULT_HEIGHT);
      expect(overflow, 'nothing to scroll inside the frame').toBeLessThanOrEqual(2);
      expect(scrolled).toBe(0);

      const box = await iframe.boundingBox();
      if (!box) throw new Error('the payment frame has no box');
      for (const name of ['Approve', 'Decline', 'Cancel']) {
        const button = await frame.getByRole('button', { name }).boundingBox();
        if (!button) throw new Error(`${name} has no box`);
        expect(button.y, `${name} below the frame's top`).toBeGreaterThanOrEqual(box.y);
        expect(button.y + button.height, `${name} above the frame's bottom`).toBeLessThanOrEqual(
          box.y + box.height,
        );
        expect(button.x, `${name} right of the frame's left`).toBeGreaterThanOrEqual(box.x);
        expect(button.x + button.width, `${name} left of the frame's right`).toBeLessThanOrEqual(
          box.x + box.width,
        );
      }

      await payByCard(frame.locator('body'), testCards.approve);
      await expectOutcome(page, 'Deine Bestellung ist abgeschlossen. Vielen Dank!');
    });
  });
}
