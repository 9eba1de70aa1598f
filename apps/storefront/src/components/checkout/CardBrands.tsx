import type { CARD_BRANDS } from '@shop/tenants';
import { useTranslations } from 'next-intl';

export type CardBrand = (typeof CARD_BRANDS)[number];

/** Brand names are the card schemes' own and are not translated. */
const CARD_BRAND_NAMES: Record<CardBrand, string> = {
  mastercard: 'Mastercard',
  visa: 'Visa',
  'american-express': 'American Express',
};

/** The card brands the tenant accepts, as small badges. */
export function CardBrands({ brands }: { brands: readonly CardBrand[] }) {
  const t = useTranslations('common');
  return (
    <ul className="card-brands" aria-label={t('acceptedCards')} data-testid="card-brands">
      {brands.map((brand) => (
        <li key={brand}>
          {/* biome-ignore lint/performance/noImgElement: card brand badges are small SVGs */}
          <img src={`/card-brands/${brand}.svg`} alt={CARD_BRAND_NAMES[brand]} width={40} height={26} />
        </li>
      ))}
    </ul>
  );
}
