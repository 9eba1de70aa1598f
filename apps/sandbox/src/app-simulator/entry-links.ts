import { createHmac, randomBytes } from 'node:crypto';
import { fail, isRecord, isText, type Parsed } from '../validation';

/** The currencies the app sells calling cards in. */
export const APP_CURRENCIES = ['GBP', 'EUR', 'USD'] as const;
export const DEFAULT_LIFETIME_SECONDS = 300;

/** What a test or the page asks an entry link for (`POST /app-simulator/entry-links`). */
export interface EntryLinkRequest {
  shopId: string;
  msisdn: string;
  currency: string;
  deviceId?: string;
  returnUrl?: string;
  /** Negative: a link that expired that many seconds ago. */
  expiresInSeconds: number;
  /** Signed with a wrong key. */
  forge: boolean;
}

export interface EntryLinkSettings {
  /** Each shop's app key (shared with the shop's API), by shop id. */
  appKeys: ReadonlyMap<string, string>;
  /** The shop's address, `{shopId}` for the shop: `http://{shopId}.localhost:3000`. */
  shopUrlTemplate: string;
  /** Where the deep link lands by default: `{publicBaseUrl}/app-simulator/return`. */
  defaultReturnUrl: string;
}

/** The app keys the sandbox signs with by default: callhome's, as the API knows it by default. */
export const DEFAULT_APP_KEYS = 'callhome:sandbox-app-key-callhome';
export const DEFAULT_SHOP_URL_TEMPLATE = 'http://{shopId}.localhost:3000';

/** `APP_ENTRY_KEYS`, `shopId:key` pairs separated by spaces or commas, by shop id. */
export function parseAppKeys(value: string): ReadonlyMap<string, string> {
  const pairs = value
    .trim()
    .split(/[\s,]+/)
    .filter((pair) => pair.includes(':'));
  return new Map(pairs.map((pair) => [pair.slice(0, pair.indexOf(':')), pair.slice(pair.indexOf(':') + 1)]));
}

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/** An HS256 JWT over `claims`, as the app's back end signs its entry links (docs/mobile-app.md). */
export function signEntryToken(claims: Record<string, unknown>, key: string): string {
  const signed = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}`;
  return `${signed}.${createHmac('sha256', key).update(signed).digest('base64url')}`;
}

/** The entry link of a request: absolute on the shop's host, at `/app/entry?token=…`. */
export function makeEntryLink(settings: EntryLinkSettings, request: EntryLinkRequest, now = new Date()) {
  const key = settings.appKeys.get(request.shopId) ?? '';
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = issuedAt + request.expiresInSeconds;
  const returnUrl = request.returnUrl ?? settings.defaultReturnUrl;
  const token = signEntryToken(
    {
      iss: 'app-simulator',
      aud: request.shopId,
      jti: randomBytes(16).toString('base64url'),
      // An expired link was made before it ran out, as a real one would have been.
      iat: Math.min(issuedAt, expiresAt - DEFAULT_LIFETIME_SECONDS),
      exp: expiresAt,
      channel: 'app',
      msisdn: request.msisdn,
      currency: request.currency,
      ...(request.deviceId ? { deviceId: request.deviceId } : {}),
      returnUrl,
    },
    request.forge ? `forged-${key}-${randomBytes(8).toString('hex')}` : key,
  );
  const shop = settings.shopUrlTemplate.replaceAll('{shopId}', request.shopId).replace(/\/+$/, '');
  return { entryUrl: `${shop}/app/entry?token=${encodeURIComponent(token)}`, returnUrl };
}

/** A device id as the shop takes it: 8 to 128 letters, digits, `.`, `_`, `:` or `-`. */
const DEVICE_ID = /^[\w.:-]{8,128}$/;

/** The body of `POST /app-simulator/entry-links` (also the page's form, whose fields are texts). */
export function parseEntryLinkRequest(
  body: unknown,
  shops: ReadonlyMap<string, string>,
): Parsed<EntryLinkRequest> {
  if (!isRecord(body)) return fail('The body must be a JSON object');
  const { shopId, msisdn, currency, deviceId, returnUrl, expiresInSeconds, forge } = body;
  if (typeof shopId !== 'string' || !shops.has(shopId)) {
    return fail(`shopId must be one of ${[...shops.keys()].join(', ')}`);
  }
  if (!isText(msisdn, 32) || !/^\+?[\d ]{6,20}$/.test(msisdn.trim())) {
    return fail('msisdn must be a phone number in international form, such as +447700900123');
  }
  if (typeof currency !== 'string' || !(APP_CURRENCIES as readonly string[]).includes(currency)) {
    return fail(`currency must be one of ${APP_CURRENCIES.join(', ')}`);
  }
  if (deviceId !== undefined && (typeof deviceId !== 'string' || !DEVICE_ID.test(deviceId))) {
    return fail('deviceId must be 8 to 128 letters, digits, dots, colons, dashes or underscores');
  }
  if (
    returnUrl !== undefined &&
    (!isText(returnUrl, 2000) || !/^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(returnUrl))
  ) {
    return fail('returnUrl must be an absolute URL or app link');
  }
  const lifetime = expiresInSeconds ?? DEFAULT_LIFETIME_SECONDS;
  if (typeof lifetime !== 'number' || !Number.isInteger(lifetime) || Math.abs(lifetime) > 86_400) {
    return fail('expiresInSeconds must be a whole number of seconds, at most a day either way');
  }
  if (forge !== undefined && typeof forge !== 'boolean') return fail('forge must be true or false');
  return {
    ok: true,
    value: {
      shopId,
      msisdn: msisdn.replace(/\s/g, ''),
      currency,
      ...(deviceId ? { deviceId } : {}),
      ...(returnUrl ? { returnUrl } : {}),
      expiresInSeconds: lifetime,
      forge: forge === true,
    },
  };
}
