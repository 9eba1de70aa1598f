import type { Brand } from '@shop/domain/contract';
import { brandPath, type TenantConfig } from '@shop/tenants';
import { getTranslations } from 'next-intl/server';
import { BrandArt } from './BrandArt';

/** Brand cards shown on first paint at laptop width; their art loads at once. */
const FIRST_ROW = 4;

/** The brands a tenant sells as cards with their art, grouped under their categories. */
export async function BrandGrid({ tenant, brands }: { tenant: TenantConfig; brands: Brand[] }) {
  const t = await getTranslations('common');
  const categories = [...new Set(brands.map((brand) => brand.categoryId))];
  return (
    <div className="brand-groups" data-testid="brand-grid">
      {categories.map((categoryId, categoryIndex) => (
        <section key={categoryId} aria-labelledby={`category-${categoryId}`}>
          <h2 id={`category-${categoryId}`}>
            <a href={`/shop?category=${encodeURIComponent(categoryId)}`}>{t(`category_${categoryId}`)}</a>
          </h2>
          <ul className="brand-grid">
            {brands
              .filter((brand) => brand.categoryId === categoryId)
              .map((brand, index) => (
                <li key={brand.brandId}>
                  <a className="brand-card" href={brandPath(tenant, brand)}>
                    <BrandArt brand={brand} size="card" priority={categoryIndex === 0 && index < FIRST_ROW} />
                    <span className="brand-card__name">{brand.name}</span>
                    <span className="brand-card__count">
                      {t('brandProductCount', { count: brand.productCount })}
                    </span>
                  </a>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
