import { tenants } from '@shop/tenants';
import type { NextRequest } from 'next/server';
import { siteOrigin } from '../../lib/site-urls';
import { hostName } from '../../lib/tenant';

/**
 * The shop's `robots.txt`, per host: its pages may be listed; the account, the checkout and the
 * API may not (they are the shopper's own). Names the host's sitemap.
 */
export function GET(request: NextRequest): Response {
  const host = request.headers.get('host') ?? '';
  const tenant = tenants().byHost(hostName(host));
  if (!tenant) return new Response('User-agent: *\nDisallow: /\n', { headers: TEXT });
  const origin = siteOrigin(host, request.headers.get('x-forwarded-proto'));
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /account',
    'Disallow: /shop/checkout',
    'Disallow: /api/',
    'Disallow: /login',
    'Disallow: /reset-password',
    'Disallow: /app/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, { headers: TEXT });
}

const TEXT = { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' };
