import { confirmedPaymentTokenAnswerSchema } from '@shop/domain/contract';
import type { NextRequest } from 'next/server';
import {
  failedSavePath,
  PAYMENT_METHODS_PATH,
  PAYMENT_TOKENS_API,
  pathOnShop,
} from '../../../../../components/account/payment-methods';
import { postApi } from '../../../../../lib/api';
import { COOKIE_NAMES } from '../../../../../lib/cookie-names';
import { loginPath } from '../../../../../lib/login-path';
import { currentTenant } from '../../../../../lib/tenant';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Spec §4 payment-method flow, return leg: the provider sends the shopper back here with the id
 * of the method they went to save (`?id=…&tokenId=…&status=…`); the API's confirm, with the
 * shopper's session, makes it usable and answers where to go next (the methods page, the cart's
 * result page or the automatic top-ups). Only a page of this shop is followed. A failed confirm
 * goes back to the methods page, which shows the error's text.
 */
export async function GET(request: NextRequest): Promise<Response> {
  const tenant = await currentTenant();
  if (!tenant || tenant.flags.isAuthDisabled) return new Response(null, { status: 404 });
  const headers = new Headers({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });
  const go = (location: string) => {
    headers.set('Location', location);
    return new Response(null, { status: 303, headers });
  };
  // Without a session the confirm waits for the sign-in, which comes back here.
  const here = `${request.nextUrl.pathname}${request.nextUrl.search}`;
  if (!request.cookies.get(COOKIE_NAMES.accessToken)?.value) return go(loginPath(here));
  const id = request.nextUrl.searchParams.get('id') ?? '';
  if (!UUID.test(id)) return go(failedSavePath('UNKNOWN_PAYMENT_TOKEN_ID'));

  // The API builds the next page's address on the host the shopper reached the shop at.
  const host = request.headers.get('host') ?? request.nextUrl.host;
  const scheme =
    request.headers.get('x-forwarded-proto') === 'https'
      ? 'https'
      : request.nextUrl.protocol.replace(/:$/, '');
  const answer = await postApi(
    tenant,
    PAYMENT_TOKENS_API.confirm,
    { id },
    confirmedPaymentTokenAnswerSchema,
    {
      'X-Forwarded-Host': host,
      'X-Forwarded-Proto': scheme,
    },
  );
  if (!answer.ok) {
    return go(answer.status === 401 ? loginPath(here) : failedSavePath(answer.code));
  }
  const { payerUrl, message } = answer.data;
  return go(
    pathOnShop(payerUrl, `${scheme}://${host}`) ??
      `${PAYMENT_METHODS_PATH}?${new URLSearchParams({ message })}`,
  );
}
