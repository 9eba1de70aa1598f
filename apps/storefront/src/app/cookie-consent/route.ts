import { CONSENT_MAX_AGE_SECONDS, serializeConsent } from '@shop/domain';
import type { NextRequest } from 'next/server';
import { allowsStatistics, CONSENT_FIELDS } from '../../components/consent/consent-form';
import { COOKIE_NAMES } from '../../lib/cookie-names';
import { ownPath } from '../../lib/return-path';
import { isLocalHost } from '../../lib/security-headers';
import { currentTenant } from '../../lib/tenant';

/**
 * The shopper's cookie choice, from the banner or the settings dialog (a plain form post, so it
 * works before JavaScript): keeps it and goes back to the page, which loads again with the
 * choice in force. Without statistics, that page (as every page, `src/proxy.ts`) removes what
 * was kept for them (decision 0046).
 */
export async function POST(request: NextRequest): Promise<Response> {
  const tenant = await currentTenant();
  if (!tenant) return new Response(null, { status: 404 });
  const form = await request.formData().catch(() => new FormData());
  const statistics = allowsStatistics(form);
  const back = ownPath(String(form.get(CONSENT_FIELDS.returnPath) ?? '')) ?? '/';
  const secure = !isLocalHost(request.headers.get('host') ?? '');

  const headers = new Headers({ Location: back, 'Cache-Control': 'no-store' });
  // Lax, unlike the shop's other cookies: a strict one stays home when the shopper comes from
  // elsewhere (a search, an ad, the payment provider), and the banner would ask again.
  headers.append(
    'Set-Cookie',
    `${COOKIE_NAMES.consent}=${serializeConsent({ necessary: true, statistics })}; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`,
  );
  return new Response(null, { status: 303, headers });
}
