import { test as base, expect } from '@playwright/test';
import { serializeConsent } from '@shop/domain';
import { COOKIE_NAMES } from '@shop/storefront/cookie-names';
import { demoTenants, shopUrl } from './shop';

export { type BrowserContext, chromium, expect, type Locator, type Page } from '@playwright/test';

/**
 * What Chromium writes to the console when a policy stops something: "Refused to load the
 * script …", "… violates the following Content Security Policy directive …", "Error with
 * Permissions-Policy header …", "Potential permissions policy violation: …".
 */
const POLICY_VIOLATION = /Content Security Policy|Refused to|Permissions[- ]Policy/i;

/**
 * Playwright's `test` whose browser context watches every page and frame of the journey: a
 * console message or page error that reports a policy violation (decision 0016) fails the test
 * once its body has run, listing each one. The shopper has made their cookie choice (only what
 * is necessary) in every demo shop, unless a journey asks for `cookieChoice: 'undecided'`.
 */
export const test = base.extend<{ cookieChoice: 'necessary' | 'undecided' }>({
  cookieChoice: ['necessary', { option: true }],
  context: async ({ context, cookieChoice }, use) => {
    if (cookieChoice === 'necessary') {
      const value = serializeConsent({ necessary: true, statistics: false });
      await context.addCookies(
        demoTenants.map(({ shopId }) => ({ name: COOKIE_NAMES.consent, value, url: shopUrl(shopId, '/') })),
      );
    }
    const violations: string[] = [];
    context.on('console', (message) => {
      if (POLICY_VIOLATION.test(message.text()))
        violations.push(
          `${message.type()} at ${message.location().url || message.page()?.url()}: ${message.text()}`,
        );
    });
    context.on('weberror', (error) => {
      const text = String(error.error());
      if (POLICY_VIOLATION.test(text)) violations.push(`page error at ${error.page()?.url()}: ${text}`);
    });
    await use(context);
    expect(violations, 'policy violations in the browser console').toEqual([]);
  },
});
