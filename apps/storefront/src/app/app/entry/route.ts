import { appSessionAnswerSchema } from '@shop/domain/contract';
import { mainPagePath } from '@shop/tenants';
import type { NextRequest } from 'next/server';
import { postApi } from '../../../lib/api';
import { isLocalHost } from '../../../lib/security-headers';
import { appSessionCookies } from '../../../lib/session-cookie';
import { currentTenant } from '../../../lib/tenant';

/**
 * Where the tenant's phone app opens the shop (decision 0050, docs/mobile-app.md): the API checks
 * the entry link's token and opens the session, whose cookies go with a 303 to the main page.
 * A link the API refuses goes to `/app/refused`, which says so. The token never stays in the
 * address bar or a referrer.
 */
export async function GET(request: NextRequest): Promise<Response> {
  const tenant = await currentTenant();
  if (!tenant?.flags.hasMobileAppFlow) return new Response(null, { status: 404 });
  const headers = new Headers({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });
  const token = request.nextUrl.searchParams.get('token') ?? '';
  const answer = token
    ? await postApi(tenant, '/api/shop/rest/app-sessions', { entryToken: token }, appSessionAnswerSchema)
    : undefined;
  if (!answer?.ok) {
    headers.set('Location', '/app/refused');
    return new Response(null, { status: 303, headers });
  }
  const secure = !isLocalHost(request.headers.get('host') ?? request.nextUrl.host);
  for (const cookie of appSessionCookies(answer.data, secure)) headers.append('Set-Cookie', cookie);
  headers.set('Location', mainPagePath(tenant));
  return new Response(null, { status: 303, headers });
}
