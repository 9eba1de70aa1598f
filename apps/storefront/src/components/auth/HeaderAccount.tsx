import type { TenantConfig } from '@shop/tenants';
import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { REQUEST_PATH_HEADER, withReturn } from '../../lib/return-path';
import { currentShopper } from '../../lib/signed-in';

/** Where the header's sign-out form posts (app/logout/route.ts). */
export const SIGN_OUT_PATH = '/logout';

/**
 * The header's account controls on a tenant that has accounts: "Sign in" (back to this page
 * afterwards), or the account link and "Sign out". Rendered on the server from the session
 * cookie; sign-out is a form post, so none of it needs the page's JavaScript.
 */
export async function HeaderAccount({ tenant }: { tenant: TenantConfig }) {
  const [t, shopper, requestHeaders] = await Promise.all([
    getTranslations('common'),
    currentShopper(tenant),
    headers(),
  ]);
  return (
    <div className="header-account" data-testid="header-account">
      {shopper.signedIn ? (
        <>
          <a href="/account">{t('accountLink')}</a>
          <form method="post" action={SIGN_OUT_PATH}>
            <button type="submit" className="header-account__sign-out">
              {t('signOut')}
            </button>
          </form>
        </>
      ) : (
        <a href={withReturn('/login', requestHeaders.get(REQUEST_PATH_HEADER) ?? undefined)}>
          {t('loginLink')}
        </a>
      )}
    </div>
  );
}
