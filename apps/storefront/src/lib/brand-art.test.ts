import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tenants } from '@shop/tenants';
import { describe, expect, it } from 'vitest';
import { BRANDS_WITH_ART, brandArtPath, brandInitials, ownBrand } from './brand-art';

const publicFile = (path: string) => fileURLToPath(new URL(`../../public${path}`, import.meta.url));

/** Every brand a demo shop sells: the brands of the shops of many, and each other shop's own. */
const soldBrands = tenants().all.flatMap((tenant) =>
  tenant.flags.hasMultipleBrands ? Object.keys(tenant.brandRoutes) : [tenant.shopId],
);

describe('brand art', () => {
  it.each([...new Set(soldBrands)])('has art for %s', (brandId) => {
    expect(BRANDS_WITH_ART.has(brandId)).toBe(true);
  });

  it.each(
    [...BRANDS_WITH_ART].flatMap((brandId) => [
      brandArtPath(brandId, 'light'),
      brandArtPath(brandId, 'dark'),
    ]),
  )('%s is a small self-contained SVG of 16:10', (path) => {
    const svg = readFileSync(publicFile(path), 'utf8');
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 160 100"/);
    expect(svg.length).toBeLessThan(2048);
    expect(svg).not.toMatch(/<image|href=|@import|url\((?!#)/);
  });

  it('writes the initials of a brand without art', () => {
    expect(brandInitials('Blitz Mobil')).toBe('BM');
    expect(brandInitials('PixelPass')).toBe('PP');
    expect(brandInitials('kiosk')).toBe('K');
    expect(brandInitials('  ')).toBe('?');
  });

  it('knows the own brand only of a shop of one brand', () => {
    const [many, one] = [tenants().byId('ladeplatz'), tenants().byId('funkfix')];
    expect(many && ownBrand(many)).toBeUndefined();
    expect(one && ownBrand(one)).toEqual({ brandId: 'funkfix', name: 'FunkFix' });
  });
});
