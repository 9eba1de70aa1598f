import 'server-only';
import { createFontStack } from '@capsizecss/core';
import arial from '@capsizecss/metrics/arial';
import arimo from '@capsizecss/metrics/arimo';
import dmSans from '@capsizecss/metrics/dMSans';
import inter from '@capsizecss/metrics/inter';
import nunito from '@capsizecss/metrics/nunito';
import roboto from '@capsizecss/metrics/roboto';
import sourceSans3 from '@capsizecss/metrics/sourceSans3';
import type { TenantConfig } from '@shop/tenants';

type Font = TenantConfig['fontFaces']['body'];

/** The shipped fonts' metrics, under the family names their stylesheets (fontsource) declare. */
const METRICS: Record<Font, Parameters<typeof createFontStack>[0][number]> = {
  inter: { ...inter, familyName: 'Inter Variable' },
  nunito: { ...nunito, familyName: 'Nunito Variable' },
  'source-sans-3': { ...sourceSans3, familyName: 'Source Sans 3 Variable' },
  'dm-sans': { ...dmSans, familyName: 'DM Sans Variable' },
};

/**
 * Fonts a device already has: Arial (Windows, macOS), Liberation Sans (Linux; Arimo's metrics) and
 * Roboto (Android). Each is resized to the shop's font, so that text shown before that font has
 * arrived keeps its place when it does: nothing moves (no layout shift).
 */
const LOCAL_FALLBACKS = [
  arial,
  { ...arimo, familyName: 'Liberation Sans', fullName: 'Liberation Sans', postscriptName: 'LiberationSans' },
  roboto,
];

const LAST_RESORT = 'system-ui, sans-serif';

/** The font-family of one shipped font with its resized fallbacks, and the faces of those fallbacks. */
export function fontStack(font: Font): { fontFamily: string; fontFaces: string } {
  const stack = createFontStack([METRICS[font], ...LOCAL_FALLBACKS]);
  return {
    fontFamily: `${stack.fontFamily}, ${LAST_RESORT}`,
    fontFaces: stack.fontFaces.replace(/\s*\n\s*/g, ''),
  };
}
