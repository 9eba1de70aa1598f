import type { Language } from '@shop/domain';
import { mainPagePath, pageSlugsOf, type TenantConfig } from '@shop/tenants';

/** The query parameter that names a page's language: each language has a URL of its own. */
export const LANGUAGE_PARAMETER = 'lang';

/** The origin a request reached the shop at: its host, over https unless it is a development host. */
export function siteOrigin(host: string, forwardedProto: string | null): string {
  const name = host.toLowerCase().replace(/:\d+$/, '');
  const proto = forwardedProto ?? (name.endsWith('.localhost') || name === 'localhost' ? 'http' : 'https');
  return `${proto}://${host}`;
}

/** A page in one of the shop's languages: `/?lang=en`. */
export const inLanguage = (path: string, language: string) =>
  `${path}?${new URLSearchParams({ [LANGUAGE_PARAMETER]: language })}`;

/**
 * A page's canonical URL and its alternates (hreflang): in a shop of several languages, each
 * language at its `?lang=` URL, and the plain path as x-default (the shopper's own choice); in a
 * shop of one language, the plain path alone. Each URL is its own canonical: the `?lang=` one
 * for the language it names (`urlLanguage`), the plain one otherwise, as search engines want
 * of pages with alternates.
 */
export function alternatesOf(
  tenant: TenantConfig,
  path: string,
  urlLanguage: Language | undefined,
): { canonical: string; languages?: Record<string, string> } {
  if (tenant.locales.length < 2) return { canonical: path };
  return {
    canonical: urlLanguage ? inLanguage(path, urlLanguage) : path,
    languages: {
      ...Object.fromEntries(tenant.locales.map((locale) => [locale, inLanguage(path, locale)])),
      'x-default': path,
    },
  };
}

/**
 * The pages a search engine may list: the main page, the brands' pages, the content and
 * advertisement pages, the blog's posts.
 */
export function sitemapPaths(
  tenant: TenantConfig,
  brands: readonly { brandId: string; categoryId: string }[],
  postSlugs: readonly string[] = [],
): string[] {
  const main = mainPagePath(tenant);
  const brandPages = tenant.flags.hasMultipleBrands
    ? brands.map(
        ({ brandId, categoryId }) => `/shop/${encodeURIComponent(categoryId)}/${encodeURIComponent(brandId)}`,
      )
    : [];
  const posts = tenant.variations.hasBlog ? postSlugs.map((slug) => `/blog/${encodeURIComponent(slug)}`) : [];
  return [main, ...new Set(brandPages), ...pageSlugsOf(tenant).map((slug) => `/${slug}`), ...posts];
}

/** The shop as an organisation (schema.org), for search engines. */
export function organizationData(tenant: TenantConfig, origin: string): Record<string, unknown> {
  return {
    '@type': 'Organization',
    name: tenant.providerName,
    url: `${origin}${mainPagePath(tenant)}`,
    logo: `${origin}${tenant.favicon}`,
    email: tenant.supportEmail,
  };
}

/** The top-ups a brand's page lists with their prices (schema.org Product and Offer). */
export function productData(
  brand: { name: string },
  products: readonly { productId: string; amount: number | null; currency: string; status: string }[],
  origin: string,
  path: string,
): Record<string, unknown> | undefined {
  const priced = products.filter((product) => product.amount !== null);
  if (priced.length === 0) return undefined;
  return {
    '@type': 'Product',
    name: brand.name,
    brand: { '@type': 'Brand', name: brand.name },
    offers: priced.map((product) => ({
      '@type': 'Offer',
      sku: product.productId,
      price: ((product.amount ?? 0) / 100).toFixed(2),
      priceCurrency: product.currency,
      availability: `https://schema.org/${product.status === 'ACTIVE' ? 'InStock' : product.status === 'COMING_SOON' ? 'PreOrder' : 'OutOfStock'}`,
      url: `${origin}${path}`,
    })),
  };
}

/** A post of the shop's blog (schema.org BlogPosting), for search engines. */
export function blogPostingData(
  tenant: TenantConfig,
  post: {
    slug: string;
    title: string;
    excerpt: string;
    publishedAt: string;
    authorName: string;
    language: string;
  },
  origin: string,
): Record<string, unknown> {
  return {
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.excerpt,
    datePublished: post.publishedAt,
    inLanguage: post.language,
    author: { '@type': 'Person', name: post.authorName },
    publisher: { '@type': 'Organization', name: tenant.providerName, logo: `${origin}${tenant.favicon}` },
    url: `${origin}/blog/${post.slug}`,
  };
}
