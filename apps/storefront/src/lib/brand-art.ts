import type { TenantConfig } from '@shop/tenants';

/** The brands with their own card art in public/brands: `{brandId}.svg` and `{brandId}-dark.svg`. */
export const BRANDS_WITH_ART: ReadonlySet<string> = new Set([
  'alpenfunk',
  'belwaarde',
  'blitzmobil',
  'callhome',
  'fernruf',
  'funkfix',
  'kinogold',
  'pixelpass',
  'rechargeplus',
  'spielfeld',
  'streamhaus',
  'tarifwerk',
  'topnet',
  'weltruf',
]);

export type ArtVariant = 'light' | 'dark';

export function brandArtPath(brandId: string, variant: ArtVariant): string {
  return `/brands/${brandId}${variant === 'dark' ? '-dark' : ''}.svg`;
}

/** Up to two letters for a brand without art: "Blitz Mobil" → "BM", "PixelPass" → "PP". */
export function brandInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters =
    words.length > 1
      ? words.map((word) => word[0])
      : [...(words[0] ?? '')].filter((letter, index) => index === 0 || /\p{Lu}/u.test(letter));
  return letters.slice(0, 2).join('').toUpperCase() || '?';
}

export interface BrandOfArt {
  brandId: string;
  name: string;
}

/** The brand of everything a shop of one brand tops up; none where the shop sells several. */
export function ownBrand(
  tenant: Pick<TenantConfig, 'shopId' | 'providerName' | 'flags'>,
): BrandOfArt | undefined {
  return tenant.flags.hasMultipleBrands ? undefined : { brandId: tenant.shopId, name: tenant.providerName };
}
