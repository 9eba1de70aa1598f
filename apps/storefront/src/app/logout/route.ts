import { signOutAnswerSchema } from '@shop/domain/contract';
import { mainPagePath } from '@shop/tenants';
import type { NextRequest } from 'next/server';
import { postApi } from '../../lib/api';
import { isLocalHost } from '../../lib/security-headers';
import { endedSessionCookies, noticeCookie } from '../../lib/session-cookie';
import { currentTenant } from '../../lib/tenant';

/** A form post of this shop's own pages: a browser names the page's origin, which must be this host. */
function fromOwnPage(request: NextRequest): boolean {
  const origin = request.headers.get('origin');
  if (!origin) return request.headers.get('sec-fetch-site') !== 'cross-site';
  try {
    return new URL(origin).host === request.headers.get('host');
  } catch {
    return false;
  }
}

/**
 * The header's "Sign out" (a form post, no JavaScript needed): ends the session at the API,
 * forgets it and the stored phone number (spec §4) and goes to the main page, which says so.
 */
export async function POST(request: NextRequest): Promise<Response> {
  const tenant = await currentTenant();
  if (!tenant || tenant.flags.isAuthDisabled) return new Response(null, { status: 404 });
  if (!fromOwnPage(request)) return new Response(null, { status: 403 });
  // The session ends here whatever the API answers: the shopper asked to be signed out.
  await postApi(tenant, '/api/auth/signOut', {}, signOutAnswerSchema);
  const secure = !isLocalHost(request.headers.get('host') ?? '');
  const headers = new Headers({ Location: mainPagePath(tenant), 'Cache-Control': 'no-store' });
  for (const cookie of [...endedSessionCookies(secure), noticeCookie(['successfulLogout'], secure)])
    headers.append('Set-Cookie', cookie);
  return new Response(null, { status: 303, headers });
}
