import type { FastifyInstance } from 'fastify';
import type { PspContext } from './context';
import { hostedRoutes } from './hosted-routes';
import { tokenAuthenticationPage, tokenPage, unknownTokenPage } from './token-pages';
import type { Token } from './types';
import { tokenReturnUrlFor } from './urls';

/**
 * The save page `GET /psp/save/{tokenId}` where a shopper saves a payment method without paying,
 * and its actions (see `hosted-routes.ts`). Approve reads `{ cardNumber, expiry, cvc }` for
 * cards (the test cards decide, 3-D Secure included) and accepts any PayPal login. The shopper
 * returns to the shop's return URL with `tokenId` and `status` (`ACTIVE`, `DECLINED` or
 * `CANCELLED`). Errors: 404 `UNKNOWN_TOKEN`, 409 `TOKEN_NOT_PENDING`.
 */
export function saveRoutes(app: FastifyInstance, { tokens, urls }: PspContext): void {
  hostedRoutes<Token>(app, {
    segment: 'save',
    find: (id) => tokens.get(id),
    name: (token) => `Token ${token.tokenId}`,
    unknownCode: 'UNKNOWN_TOKEN',
    unknownMessage: (id) => `No token has the id ${id}`,
    unknownPage: unknownTokenPage,
    notPendingCode: 'TOKEN_NOT_PENDING',
    notPendingMessage: (token) => `Token ${token.tokenId} is ${token.status}, no longer PENDING`,
    page: tokenPage,
    authenticationPage: tokenAuthenticationPage,
    pageUrl: (token) => urls.saver(token.tokenId),
    returnUrl: tokenReturnUrlFor,
    approve: (token, input) => tokens.approve(token, input),
    decline: (token) => tokens.decline(token),
    cancel: (token) => tokens.cancel(token),
    authenticate: (token, succeeded) => tokens.authenticate(token, succeeded),
  });
}
