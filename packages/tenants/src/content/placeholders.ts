/** `{{company.legalName}}`: a value of the tenant's config (or a phrase) filled into a text. */
const PLACEHOLDER = /\{\{\s*([A-Za-z][\w.]*)\s*\}\}/g;

/** Fills every placeholder that has a value; the others stay as they are. */
export const fillPlaceholders = (text: string, values: Readonly<Record<string, string>>): string =>
  text.replace(PLACEHOLDER, (placeholder, name: string) => values[name] ?? placeholder);

/** The names of the placeholders a text still holds. */
export const placeholdersIn = (text: string): string[] => [
  ...new Set(Array.from(text.matchAll(PLACEHOLDER), (match) => match[1] as string)),
];
