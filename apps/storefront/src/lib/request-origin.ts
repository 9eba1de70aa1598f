import 'server-only';
import { headers } from 'next/headers';
import { siteOrigin } from './site-urls';

/** The origin this request reached the shop at (`https://opwaarderen.belwaarde.nl`). */
export async function requestOrigin(fallbackHost: string): Promise<string> {
  const requestHeaders = await headers();
  return siteOrigin(requestHeaders.get('host') ?? fallbackHost, requestHeaders.get('x-forwarded-proto'));
}
