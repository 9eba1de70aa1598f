import { getTranslations } from 'next-intl/server';

/** The category menu of tenants that have one (tenant variation). */
export async function CategoryMenu({
  categories,
  current,
}: {
  categories: string[];
  current: string | undefined;
}) {
  const t = await getTranslations('common');
  return (
    <nav className="category-menu" aria-label={t('categoriesNavigation')} data-testid="category-menu">
      <ul>
        <li>
          <a href="/shop" aria-current={current === undefined ? 'page' : undefined}>
            {t('allCategories')}
          </a>
        </li>
        {categories.map((categoryId) => (
          <li key={categoryId}>
            <a
              href={`/shop?category=${encodeURIComponent(categoryId)}`}
              aria-current={current === categoryId ? 'page' : undefined}
            >
              {t(`category_${categoryId}`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
