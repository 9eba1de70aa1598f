import { tenants } from '@shop/tenants';
import type { NextRequest } from 'next/server';
import { fetchPostSlugs } from '../../lib/blog';
import { fetchBrands } from '../../lib/catalogue';
import { alternatesOf, sitemapPaths, siteOrigin } from '../../lib/site-urls';
import { hostName } from '../../lib/tenant';

const xmlText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The shop's sitemap, per host: its main page, its brands' pages (a multi-brand shop), its
 * content pages and its blog's posts, each with the URL of every language it is offered in
 * (hreflang alternates).
 */
export async function GET(request: NextRequest): Promise<Response> {
  const host = request.headers.get('host') ?? '';
  const tenant = tenants().byHost(hostName(host));
  if (!tenant) return new Response(null, { status: 404 });
  const origin = siteOrigin(host, request.headers.get('x-forwarded-proto'));
  const [brands, postSlugs] = await Promise.all([
    tenant.flags.hasMultipleBrands ? fetchBrands(tenant).catch(() => []) : [],
    tenant.variations.hasBlog ? fetchPostSlugs(tenant).catch(() => []) : [],
  ]);
  const entries = sitemapPaths(tenant, brands, postSlugs).map((path) => {
    const { canonical, languages = {} } = alternatesOf(tenant, path, tenant.defaultLocale);
    const links = Object.entries(languages).map(
      ([language, url]) =>
        `    <xhtml:link rel="alternate" hreflang="${language}" href="${xmlText(`${origin}${url}`)}"/>`,
    );
    return [`  <url>`, `    <loc>${xmlText(`${origin}${canonical}`)}</loc>`, ...links, `  </url>`].join('\n');
  });
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
