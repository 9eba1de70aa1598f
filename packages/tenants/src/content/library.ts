import type { Language } from '@shop/domain';
import { advertisementPageOf, markdownPagesOf } from '../content-pages';
import type { TenantConfig } from '../schema';
import { splitFrontMatter } from './front-matter';
import { fillPlaceholders, placeholdersIn } from './placeholders';
import { type LawPhrases, placeholderValues } from './values';

/** The files of the content folder: path inside it (`templates/en/terms.md`) → text. */
export type ContentFiles = ReadonlyMap<string, string>;

/** What an advertisement page's front matter must name, in every language. */
export const ADVERTISEMENT_FIELDS = ['title', 'description', 'imageAlt'] as const;

export interface ContentPage {
  /** The file the text came from. */
  source: string;
  /** The page's Markdown, placeholders filled. */
  markdown: string;
  /** Its front matter, placeholders filled (an advertisement page's title, description, imageAlt). */
  data: Record<string, string>;
}

/**
 * Where a page's text may be, first found wins: the tenant's own file, then the template of the
 * language. An advertisement page is the tenant's own alone.
 */
export function contentSources(tenant: TenantConfig, language: Language, slug: string): string[] {
  const own = `tenants/${tenant.shopId}/${language}/${slug}.md`;
  return advertisementPageOf(tenant, slug) ? [own] : [own, `templates/${language}/${slug}.md`];
}

/** The path of a language's legal phrases, by the company's country. */
const lawPath = (language: Language) => `templates/${language}/law.json`;

export interface ContentLibrary {
  /** A page of a tenant in one language, or undefined when no file holds it. */
  page(tenant: TenantConfig, language: Language, slug: string): ContentPage | undefined;
  /**
   * Every gap in these tenants' content: a page they offer missing in a language, a placeholder
   * with no value, an advertisement page without its front matter, a support contact on a
   * tenant that hides customer support. Empty when all is well.
   */
  problems(tenants: readonly TenantConfig[]): string[];
}

export function createContentLibrary(files: ContentFiles): ContentLibrary {
  const lawPhrases = (language: Language, tenant: TenantConfig): LawPhrases => {
    const text = files.get(lawPath(language));
    const byCountry = text ? (JSON.parse(text) as Record<string, LawPhrases>) : {};
    return byCountry[tenant.company.country] ?? {};
  };

  const page = (tenant: TenantConfig, language: Language, slug: string): ContentPage | undefined => {
    const source = contentSources(tenant, language, slug).find((path) => files.has(path));
    if (source === undefined) return undefined;
    const values = placeholderValues(tenant, language, lawPhrases(language, tenant));
    const { data, body } = splitFrontMatter(files.get(source) ?? '');
    return {
      source,
      markdown: fillPlaceholders(body, values),
      data: Object.fromEntries(
        Object.entries(data).map(([key, value]) => [key, fillPlaceholders(value, values)]),
      ),
    };
  };

  const problemsOf = (tenant: TenantConfig, language: Language, slug: string): string[] => {
    const where = `${tenant.shopId} ${language} /${slug}`;
    const found = page(tenant, language, slug);
    if (!found)
      return [`${where}: no text (looked for ${contentSources(tenant, language, slug).join(', ')})`];
    const texts = [found.markdown, ...Object.values(found.data)];
    const problems = texts
      .flatMap(placeholdersIn)
      .map((name) => `${where}: no value for {{${name}}} (${found.source})`);
    if (advertisementPageOf(tenant, slug)) {
      for (const field of ADVERTISEMENT_FIELDS) {
        if (!found.data[field]) problems.push(`${where}: no ${field} in the front matter (${found.source})`);
      }
    }
    if (tenant.variations.hideCustomerSupport) {
      const support = [tenant.helpDesk.email, tenant.helpDesk.productId];
      if (slug === 'contact') support.push(tenant.supportEmail);
      for (const contact of support.filter((contact) => found.markdown.includes(contact))) {
        problems.push(`${where}: names ${contact}, but the tenant hides customer support`);
      }
    }
    return problems;
  };

  return {
    page,
    problems: (tenants) =>
      tenants.flatMap((tenant) =>
        tenant.locales.flatMap((language) =>
          [...markdownPagesOf(tenant), ...tenant.advertisementPages.map((ad) => ad.slug)].flatMap((slug) =>
            problemsOf(tenant, language, slug),
          ),
        ),
      ),
  };
}
