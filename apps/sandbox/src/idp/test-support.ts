import { createPublicKey, verify } from 'node:crypto';
import { buildSandbox } from '../app';
import type { PublicJwk } from './keys';

/**
 * Helpers for the identity provider's tests: a sandbox answering through `inject`, and a reader
 * of the compact JWS it signs (its parts decoded, its signature checked against a key set).
 */

export const PUBLIC_BASE_URL = 'http://sandbox.test:4100';

export type IdpSandbox = Awaited<ReturnType<typeof startIdpSandbox>>;

export async function startIdpSandbox() {
  const app = await buildSandbox({ publicBaseUrl: PUBLIC_BASE_URL });
  return {
    app,
    jwks: async (shopId: string) =>
      (await app.inject({ method: 'GET', url: `/idp/${shopId}/jwks.json` })).json() as { keys: PublicJwk[] },
    /** `POST /idp/{shopId}/assertions`. */
    issue: (shopId: string, body: unknown) =>
      app.inject({ method: 'POST', url: `/idp/${shopId}/assertions`, payload: body as object }),
    close: () => app.close(),
  };
}

const decode = (part: string | undefined) => JSON.parse(Buffer.from(part ?? '', 'base64url').toString());

/** The header and claims of a compact JWS, and whether one key of the set signed it (ES256). */
export function readJws(token: string, jwks: { keys: PublicJwk[] }) {
  const [header, claims, signature = ''] = token.split('.');
  const decodedHeader = decode(header) as { alg: string; typ: string; kid: string };
  const jwk = jwks.keys.find((key) => key.kid === decodedHeader.kid);
  const signedByKeySet =
    jwk !== undefined &&
    verify(
      'sha256',
      Buffer.from(`${header}.${claims}`),
      { key: createPublicKey({ key: { ...jwk }, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    );
  return { header: decodedHeader, claims: decode(claims) as Record<string, unknown>, signedByKeySet };
}
