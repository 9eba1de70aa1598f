import { test as base, expect } from '@playwright/test';

export { expect, type Locator, type Page } from '@playwright/test';

/**
 * What Chromium writes to the console when a policy stops something: "Refused to load the
 * script …", "… violates the following Content Security Policy directive …", "Error with
 * Permissions-Policy header …", "Potential permissions policy violation: …".
 */
const POLICY_VIOLATION = /Content Security Policy|Refused to|Permissions[- ]Policy/i;

/**
 * Playwright's `test` whose browser context watches every page and frame of the journey: a
 * console message or page error that reports a policy violation (decision 0016) fails the test
 * once its body has run, listing each one.
 */
export const test = base.extend({
  context: async ({ context }, use) => {
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
