import type { FastifyPluginAsync } from 'fastify';
import { acceptFormPosts } from '../form-posts';
import { answerErrorsAsJson, sendError, sendPage } from '../replies';
import { DEFAULT_LIFETIME_SECONDS, issueAssertion, issuerOf } from './assertions';
import { IdpKeys } from './keys';
import { loginPage, problemPage } from './page';
import { isShopId, parseAssertionRequest, parseLoginForm, parseRedirect } from './validation';

export interface IdpOptions {
  /** Where shops reach the sandbox, without a trailing slash; the issuer of each shop starts with it. */
  publicBaseUrl: string;
}

type ShopParams = { Params: { shopId: string } };

/**
 * The sandbox identity provider, registered under `/idp`: the login of a shop's single sign-on
 * (the operator's customer account). Each shop has its own issuer (`{publicBaseUrl}/idp/{shopId}`)
 * and key; see `assertions.ts` for what it signs.
 *
 * - `GET /idp/{shopId}/jwks.json`: the shop's public key set.
 * - `GET /idp/{shopId}/authorize?redirect_uri=&state=`: the login page; signing in (a form post
 *   to the same address) goes back to `redirect_uri` with `assertion` and `state` in the query,
 *   "Back to the shop" with `error=access_denied` and `state`.
 * - `POST /idp/{shopId}/assertions` `{ msisdn, email?, emailVerified?, expiresInSeconds?,
 *   issuedSecondsAgo?, audience?, forge? }`: the page's HTTP twin; 200 `{ assertion }`.
 *
 * Shop ids are lower-case letters, digits and dashes (else 404 `UNKNOWN_SHOP`); bad input is 400
 * `VALIDATION_FAILED`. Keys live in memory: a restart gives every shop a new key.
 */
export const idpRoutes: FastifyPluginAsync<IdpOptions> = async (app, { publicBaseUrl }) => {
  const keys = new IdpKeys();
  answerErrorsAsJson(app, 'identity provider');
  acceptFormPosts(app);
  const unknownShop = (shopId: string) => `No shop ${shopId} signs in here`;
  const authorizePath = (shopId: string) => `/idp/${shopId}/authorize`;

  app.get<ShopParams>('/:shopId/jwks.json', async (request, reply) => {
    const { shopId } = request.params;
    if (!isShopId(shopId)) return sendError(reply, 404, 'UNKNOWN_SHOP', unknownShop(shopId));
    return keys.jwks(shopId);
  });

  app.post<ShopParams>('/:shopId/assertions', async (request, reply) => {
    const { shopId } = request.params;
    if (!isShopId(shopId)) return sendError(reply, 404, 'UNKNOWN_SHOP', unknownShop(shopId));
    const parsed = parseAssertionRequest(request.body);
    if (!parsed.ok) return sendError(reply, 400, 'VALIDATION_FAILED', parsed.message);
    const issuer = issuerOf(publicBaseUrl, shopId);
    return { assertion: issueAssertion(keys, { shopId, issuer }, parsed.value) };
  });

  app.get<ShopParams & { Querystring: Record<string, unknown> }>(
    '/:shopId/authorize',
    async (request, reply) => {
      const { shopId } = request.params;
      if (!isShopId(shopId)) return sendPage(reply, 404, problemPage('Unknown shop', unknownShop(shopId)));
      const redirect = parseRedirect(request.query);
      if (!redirect.ok)
        return sendPage(reply, 400, problemPage('The shop sent a bad request', redirect.message));
      return sendPage(
        reply,
        200,
        loginPage({ shopId, action: authorizePath(shopId), redirect: redirect.value }),
      );
    },
  );

  app.post<ShopParams>('/:shopId/authorize', async (request, reply) => {
    const { shopId } = request.params;
    if (!isShopId(shopId)) return sendPage(reply, 404, problemPage('Unknown shop', unknownShop(shopId)));
    const form = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<
      string,
      unknown
    >;
    const redirect = parseRedirect(form);
    if (!redirect.ok)
      return sendPage(reply, 400, problemPage('The shop sent a bad request', redirect.message));
    const login = parseLoginForm(form);
    if (!login.ok) {
      const error = { field: login.field ?? 'msisdn', message: login.message };
      const view = { shopId, action: authorizePath(shopId), redirect: redirect.value, values: form, error };
      return sendPage(reply, 400, loginPage(view));
    }
    const assertion = issueAssertion(
      keys,
      { shopId, issuer: issuerOf(publicBaseUrl, shopId) },
      { ...login.value, expiresInSeconds: DEFAULT_LIFETIME_SECONDS, issuedSecondsAgo: 0, forge: false },
    );
    const target = new URL(redirect.value.redirectUri);
    target.searchParams.set('assertion', assertion);
    if (redirect.value.state) target.searchParams.set('state', redirect.value.state);
    return reply.redirect(target.toString(), 303);
  });
};
