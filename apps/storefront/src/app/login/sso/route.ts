import { randomBytes } from 'node:crypto';
import { mainPagePath } from '@shop/tenants';
import type { NextRequest } from 'next/server';
import { RETURN_PARAMETER, returnPath } from '../../../lib/return-path';
import { isLocalHost } from '../../../lib/security-headers';
import { ssoStateCookie } from '../../../lib/session-cookie';
import { currentTenant } from '../../../lib/tenant';
import { SSO_RETURN_PATH } from './return-path';

/**
 * Spec §2 single sign-on, first leg: sends the shopper to the tenant's identity provider with a
 * fresh `state` (kept in a cookie with the page to come back to) and the shop's return address.
 */
export async function GET(request: NextRequest): Promise<Response> {
  const tenant = await currentTenant();
  const loginUrl = tenant?.variations.ssoLoginUrl;
  if (!tenant || tenant.flags.isAuthDisabled || !loginUrl) return new Response(null, { status: 404 });
  const host = request.headers.get('host') ?? request.nextUrl.host;
  const secure = !isLocalHost(host);
  const origin = `${request.headers.get('x-forwarded-proto') ?? (secure ? 'https' : 'http')}://${host}`;
  const state = randomBytes(24).toString('base64url');
  const returnTo = returnPath(request.nextUrl.searchParams.get(RETURN_PARAMETER), mainPagePath(tenant));
  const provider = new URL(loginUrl);
  provider.searchParams.set('redirect_uri', `${origin}${SSO_RETURN_PATH}`);
  provider.searchParams.set('state', state);
  const headers = new Headers({ Location: provider.toString(), 'Cache-Control': 'no-store' });
  headers.append('Set-Cookie', ssoStateCookie(state, returnTo, secure));
  return new Response(null, { status: 303, headers });
}
