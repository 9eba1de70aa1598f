import { headers } from 'next/headers';
import { NONCE_HEADER } from '../lib/security-headers';

/**
 * Structured data for search engines (schema.org as JSON-LD). `<` is escaped so that no text of
 * the data can close the element.
 */
export async function JsonLd({ data }: { data: Record<string, unknown> }) {
  const nonce = (await headers()).get(NONCE_HEADER) ?? undefined;
  const json = JSON.stringify({ '@context': 'https://schema.org', ...data }).replace(/</g, '\\u003c');
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON of the shop's own config and catalogue, `<` escaped
  return <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: json }} />;
}
