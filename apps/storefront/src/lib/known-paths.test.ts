import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tenants } from '@shop/tenants';
import { describe, expect, it } from 'vitest';
import { FILE_SEGMENTS, isUnknownPath, ROUTE_SEGMENTS, SHOP_ROUTE_SEGMENTS } from './known-paths';

const folders = (relative: string) =>
  readdirSync(fileURLToPath(new URL(relative, import.meta.url)), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const tenant = (shopId: string) => {
  const found = tenants().byId(shopId);
  if (!found) throw new Error(shopId);
  return found;
};

describe('the paths no route answers', () => {
  it('know every route folder of the app and every public folder', () => {
    expect(
      folders('../app')
        .filter((name) => !name.startsWith('['))
        .sort(),
    ).toEqual([...ROUTE_SEGMENTS, ...SHOP_ROUTE_SEGMENTS.keys()].sort());
    expect(folders('../../public').sort()).toEqual(FILE_SEGMENTS.filter((name) => name !== '_next').sort());
  });

  it('are those outside the routes, and content pages the shop does not have', () => {
    const funkfix = tenant('funkfix');
    for (const path of [
      '/',
      '/shop',
      '/shop/topup/funkfix',
      '/account/orders',
      '/privacy',
      '/not-found',
      '/assets/x',
    ]) {
      expect(isUnknownPath(path, funkfix), path).toBe(false);
    }
    for (const path of ['/nothing-here', '/privacy/more', '/blog', '/wp-admin/setup.php']) {
      expect(isUnknownPath(path, funkfix), path).toBe(true);
    }
    expect(isUnknownPath('/imprint', tenant('topnet'))).toBe(true);
    expect(isUnknownPath('/blog', tenant('ladeplatz'))).toBe(false);
  });

  it("know each tenant's advertisement pages, and only its own", () => {
    expect(isUnknownPath('/sommer-bonus', tenant('ladeplatz'))).toBe(false);
    expect(isUnknownPath('/geschenkkarten', tenant('kartenkiosk'))).toBe(false);
    expect(isUnknownPath('/sommer-bonus', tenant('kartenkiosk'))).toBe(true);
    expect(isUnknownPath('/sommer-bonus/more', tenant('ladeplatz'))).toBe(true);
  });

  it('leave no advertisement page hidden behind a route of the app', () => {
    for (const { shopId, advertisementPages } of tenants().all) {
      for (const { slug } of advertisementPages) {
        expect([...ROUTE_SEGMENTS, ...FILE_SEGMENTS], `${shopId} /${slug}`).not.toContain(slug);
      }
    }
  });

  it('include the blog and its posts on a shop without a blog only', () => {
    for (const path of ['/blog', '/blog/top-up-abroad']) {
      expect(isUnknownPath(path, tenant('funkfix')), path).toBe(true);
      expect(isUnknownPath(path, tenant('ladeplatz')), path).toBe(false);
      expect(isUnknownPath(path, tenant('rechargeplus')), path).toBe(false);
    }
    expect(isUnknownPath('/constructor', tenant('ladeplatz'))).toBe(true);
  });
});
