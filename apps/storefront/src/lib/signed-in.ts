import 'server-only';
import { type AccountProfile, accountProfileSchema } from '@shop/domain/contract';
import type { TenantConfig } from '@shop/tenants';
import { cookies } from 'next/headers';
import { cache } from 'react';
import { callApi } from './api';
import { ApiCallError } from './api-answer';
import { COOKIE_NAMES } from './cookie-names';

/** The shopper of this request as the shop's pages show them. */
export type Shopper =
  | { signedIn: false }
  /** `profile` is missing when the session is there but the profile could not be read just now. */
  | { signedIn: true; profile: AccountProfile | undefined };

const GUEST: Shopper = { signedIn: false };

/**
 * Whether the shopper of this request is signed in, read on the server from the session cookie:
 * one profile call per request, shared by the header and the page. No cookie, a tenant without
 * accounts or a session the API no longer knows (401) is a guest; any other failure keeps the
 * shopper signed in, so that a slow API does not show a signed-in shopper "Sign in".
 */
export const currentShopper = cache(async (tenant: TenantConfig): Promise<Shopper> => {
  if (tenant.flags.isAuthDisabled) return GUEST;
  if (!(await cookies()).get(COOKIE_NAMES.accessToken)?.value) return GUEST;
  try {
    return {
      signedIn: true,
      profile: await callApi(tenant, '/api/shop/rest/account/profile', accountProfileSchema),
    };
  } catch (error) {
    if (error instanceof ApiCallError && error.status === 401) return GUEST;
    return { signedIn: true, profile: undefined };
  }
});
