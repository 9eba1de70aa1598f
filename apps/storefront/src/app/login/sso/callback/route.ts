import { timingSafeEqual } from 'node:crypto';
import { authAnswerSchema } from '@shop/domain/contract';
import { mainPagePath } from '@shop/tenants';
import type { NextRequest } from 'next/server';
import { postApi } from '../../../../lib/api';
import { COOKIE_NAMES } from '../../../../lib/cookie-names';
import { returnPath, withReturn } from '../../../../lib/return-path';
import { isLocalHost } from '../../../../lib/security-headers';
import {
  endedSsoStateCookie,
  noticeCookie,
  readSsoState,
  sessionCookie,
} from '../../../../lib/session-cookie';
import { currentTenant } from '../../../../lib/tenant';

const sameState = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Spec §2 single sign-on, return leg: the identity provider's assertion, for the `state` this
 * browser was sent off with, signs the shopper in (the API checks the assertion, decision 0035);
 * then to the page the sign-in began on, or the main page. Anything else goes back to /login,
 * which says the sign-in did not work. The assertion never stays in the address bar.
 */
export async function GET(request: NextRequest): Promise<Response> {
  const tenant = await currentTenant();
  if (!tenant || tenant.flags.isAuthDisabled || !tenant.variations.ssoLoginUrl) {
    return new Response(null, { status: 404 });
  }
  const secure = !isLocalHost(request.headers.get('host') ?? request.nextUrl.host);
  const headers = new Headers({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });
  headers.append('Set-Cookie', endedSsoStateCookie(secure));
  const query = request.nextUrl.searchParams;
  const expected = readSsoState(request.cookies.get(COOKIE_NAMES.ssoState)?.value);
  const state = query.get('state') ?? '';
  const assertion = query.get('assertion');
  const back = (location: string) => {
    headers.set('Location', location);
    return new Response(null, { status: 303, headers });
  };
  if (!expected || !assertion || !sameState(state, expected.state)) {
    return back(withReturn('/login', expected?.returnTo, { sso: 'failed' }));
  }
  const answer = await postApi(tenant, '/api/auth/ssoAuthenticate', { assertion }, authAnswerSchema);
  if (!answer.ok || !answer.data.accessToken) {
    return back(withReturn('/login', expected.returnTo, { sso: 'failed' }));
  }
  headers.append('Set-Cookie', sessionCookie(answer.data.accessToken, secure));
  headers.append('Set-Cookie', noticeCookie(['successfulAuthentication'], secure));
  return back(returnPath(expected.returnTo, mainPagePath(tenant)));
}
