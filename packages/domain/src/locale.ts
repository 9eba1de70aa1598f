/** The languages the shop has base texts for. */
export const LANGUAGES = ['de', 'en', 'es', 'fr', 'it', 'pl', 'ro', 'nl'] as const;
export type Language = (typeof LANGUAGES)[number];

export const isLanguage = (value: string): value is Language =>
  (LANGUAGES as readonly string[]).includes(value);

/** Translation namespaces served by the API; `messages` holds the texts sent by SMS and e-mail. */
export const NAMESPACES = ['common', 'seo', 'messages'] as const;
export type Namespace = (typeof NAMESPACES)[number];

export interface ParsedLocale {
  language: string;
  country: string | undefined;
}

/** Splits `xx-YY` (or `xx_YY`) into a lower-case language and an upper-case country. */
export function parseLocale(code: string): ParsedLocale {
  const [language = '', country] = code.trim().split(/[-_]/);
  return { language: language.toLowerCase(), country: country?.toUpperCase() };
}

/**
 * The language a tenant should serve for a requested locale code: `default` and an empty code
 * mean the tenant's default; `xx-YY` means `xx`. Undefined when the tenant does not offer it.
 */
export function resolveLanguage<L extends string>(
  requested: string | undefined,
  offered: readonly L[],
  fallback: L,
): L | undefined {
  if (!requested || requested.toLowerCase() === 'default') return fallback;
  const { language } = parseLocale(requested);
  return offered.find((candidate) => candidate === language);
}

/** Country code of the 4x3 flag shown for a language or country (`uk` is shown as `gb`). */
export function flagCountry(code: string): string {
  const lower = code.toLowerCase();
  const byLanguage: Record<string, string> = { en: 'gb', uk: 'gb' };
  return byLanguage[lower] ?? lower;
}
