import { createHash, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';

/**
 * The identity provider's signing keys: one ES256 (P-256) key pair per shop, made when the shop
 * is first asked for and kept until the sandbox stops, so a restart is a key rotation (new key
 * ids). Signing uses node:crypto alone, so the API's verifier (jose) is checked against another
 * implementation of JWS.
 */

export interface PublicJwk {
  kty: string;
  crv: string;
  x: string;
  y: string;
  kid: string;
  alg: 'ES256';
  use: 'sig';
}

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicJwk: PublicJwk;
}

function newSigningKey(): SigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const { kty = '', crv = '', x = '', y = '' } = publicKey.export({ format: 'jwk' });
  // RFC 7638 thumbprint: the required members in lexicographic order, without spaces.
  const kid = createHash('sha256').update(JSON.stringify({ crv, kty, x, y })).digest('base64url');
  return { kid, privateKey, publicJwk: { kty, crv, x, y, kid, alg: 'ES256', use: 'sig' } };
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

export class IdpKeys {
  private readonly keys = new Map<string, SigningKey>();
  /** Published nowhere: what a forger signs with. */
  private readonly forgersKey = newSigningKey();

  keyOf(shopId: string): SigningKey {
    let key = this.keys.get(shopId);
    if (!key) {
      key = newSigningKey();
      this.keys.set(shopId, key);
    }
    return key;
  }

  /** The shop's JSON Web Key Set: its one public key. */
  jwks(shopId: string): { keys: PublicJwk[] } {
    return { keys: [this.keyOf(shopId).publicJwk] };
  }

  /**
   * A compact JWS of the claims under the shop's key id. Forged, it is signed with a key the shop
   * does not publish, so only the signature check can tell.
   */
  sign(shopId: string, claims: object, { forge = false } = {}): string {
    const { kid, privateKey } = this.keyOf(shopId);
    const input = `${base64url({ alg: 'ES256', typ: 'JWT', kid })}.${base64url(claims)}`;
    const signature = sign('sha256', Buffer.from(input), {
      key: forge ? this.forgersKey.privateKey : privateKey,
      dsaEncoding: 'ieee-p1363',
    });
    return `${input}.${signature.toString('base64url')}`;
  }
}
