import { mainPagePath } from '@shop/tenants';
import { currentTenant } from '../../../lib/tenant';

/** The web app manifest of the tenant named by the Host (spec §2 `/api/manifest`). */
export async function GET(): Promise<Response> {
  const tenant = await currentTenant();
  if (!tenant)
    return Response.json({ code: 'UNKNOWN_TENANT', message: 'No shop at this host' }, { status: 404 });
  return Response.json(
    {
      name: tenant.providerName,
      short_name: tenant.shortName,
      start_url: mainPagePath(tenant),
      display: 'standalone',
      lang: tenant.defaultLocale,
      background_color: tenant.themes.light.background,
      theme_color: tenant.themes.light.headerBackground,
      icons: [{ src: tenant.favicon, sizes: 'any', type: 'image/svg+xml' }],
    },
    { headers: { 'Content-Type': 'application/manifest+json', 'Cache-Control': 'public, max-age=3600' } },
  );
}
