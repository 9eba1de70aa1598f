'use client';

import { NextIntlClientProvider } from 'next-intl';
import { type ReactNode, use } from 'react';
import { preload } from 'react-dom';
import { shopTexts, type TextsBundle, textsPath } from '../lib/shop-texts';

/**
 * The shop's texts for the page's scripts. They come as the bundle of spec §7, which the browser
 * keeps, rather than inside every page: a page stays small, and its scripts start once the bundle
 * is there (at once from the second page on).
 */
export function ShopTexts({ bundle, children }: { bundle: TextsBundle; children: ReactNode }) {
  // The page asks for the bundle as it arrives, alongside its scripts, not once they have run.
  preload(textsPath(bundle), { as: 'fetch', crossOrigin: 'anonymous', fetchPriority: 'low' });
  const common = use(shopTexts(bundle));
  return (
    <NextIntlClientProvider locale={bundle.language} timeZone="UTC" messages={{ common }}>
      {children}
    </NextIntlClientProvider>
  );
}
