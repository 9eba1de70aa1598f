import {
  type ArtVariant,
  BRANDS_WITH_ART,
  type BrandOfArt,
  brandArtPath,
  brandInitials,
} from '../../lib/brand-art';

/** Intrinsic sizes of the 16:10 art: a small thumbnail, the heading of a brand, a brand card. */
const SIZES = {
  thumb: { width: 64, height: 40 },
  banner: { width: 160, height: 100 },
  card: { width: 320, height: 200 },
} as const;

export type BrandArtSize = keyof typeof SIZES;

/**
 * A brand's card art in the page's theme: both variants are in the page and CSS shows the one
 * that suits it (a lazy image that is not shown is not loaded). `labelled` where the brand's
 * name is not written beside it; otherwise the art is decoration and screen readers skip it.
 * A brand without art gets its initials on a plain card.
 */
export function BrandArt({
  brand,
  size,
  labelled = false,
  priority = false,
}: {
  brand: BrandOfArt;
  size: BrandArtSize;
  labelled?: boolean;
  /** Shown on first paint without scrolling: loaded at once, not when scrolled to. */
  priority?: boolean;
}) {
  const className = `brand-art brand-art--${size}`;
  if (!BRANDS_WITH_ART.has(brand.brandId)) {
    const label = labelled ? { role: 'img', 'aria-label': brand.name } : { 'aria-hidden': true };
    return (
      <span className={`${className} brand-art--generic`} {...label}>
        <span>{brandInitials(brand.name)}</span>
      </span>
    );
  }
  const image = (variant: ArtVariant) => (
    // biome-ignore lint/performance/noImgElement: hand-drawn SVGs of a kilobyte need no image optimisation
    <img
      className={`brand-art__${variant}`}
      src={brandArtPath(brand.brandId, variant)}
      alt={labelled ? brand.name : ''}
      {...SIZES[size]}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
  return (
    <span className={className}>
      {image('light')}
      {image('dark')}
    </span>
  );
}
