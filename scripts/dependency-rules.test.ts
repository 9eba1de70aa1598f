import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const config: IConfiguration = require('../.dependency-cruiser.cjs');
const fixture = fileURLToPath(new URL('./dependency-rules', import.meta.url));

/** The rules `npm run check` applies, broken once each by the tree in `scripts/dependency-rules`. */
async function violationsIn(baseDir: string) {
  const { tsConfig: _tsConfig, ...options } = config.options ?? {};
  const { output } = await cruise(['apps', 'packages'], {
    ...options,
    baseDir,
    validate: true,
    ruleSet: { forbidden: config.forbidden ?? [] },
  });
  return (output as ICruiseResult).summary.violations.map(({ rule, from, to }) => ({
    rule: rule.name,
    from,
    to,
  }));
}

describe('the dependency rules', () => {
  it('refuse an import cycle (type imports too) and each forbidden arrow', async () => {
    const violations = await violationsIn(fixture);
    expect(violations).toEqual(
      expect.arrayContaining([
        { rule: 'no-cycle', from: 'apps/api/src/order.ts', to: 'apps/api/src/setup.ts' },
        {
          rule: 'storefront-not-api-or-db',
          from: 'apps/storefront/src/page.ts',
          to: 'apps/api/src/order.ts',
        },
        { rule: 'sandbox-apart-from-api', from: 'apps/sandbox/src/psp.ts', to: 'apps/api/src/order.ts' },
        { rule: 'domain-is-pure', from: 'packages/domain/src/rule.ts', to: 'fs' },
        {
          rule: 'primitives-behind-ui',
          from: 'apps/storefront/src/dialog.ts',
          to: expect.stringMatching(/node_modules\/@radix-ui\/react-dialog\//),
        },
      ]),
    );
    // components/ui/modal.ts imports the same library, where it may.
    expect(violations).toHaveLength(5);
  });
});
