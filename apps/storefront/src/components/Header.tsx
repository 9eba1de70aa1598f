import { parseLocale } from '@shop/domain';
import { cartStepPath, mainPagePath, type TenantConfig } from '@shop/tenants';
import { getLocale, getTranslations } from 'next-intl/server';
import { flagUrl } from '../lib/flags';
import type { ThemeChoice } from '../lib/theme';
import { HeaderAccount } from './auth/HeaderAccount';
import { HeaderMenu } from './HeaderMenu';
import { type LocaleOption, LocaleSwitcher } from './LocaleSwitcher';
import { ThemeToggle } from './ThemeToggle';

function languageName(code: string): string {
  const name = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
  return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
}

export async function Header({ tenant, theme }: { tenant: TenantConfig; theme: ThemeChoice }) {
  const t = await getTranslations('common');
  const locale = await getLocale();
  const home = mainPagePath(tenant);
  const logoHref = tenant.variations.logoLinkUrl ?? home;
  const options: LocaleOption[] = tenant.locales.map((code) => ({
    code,
    name: languageName(code),
    flag: flagUrl(parseLocale(code).country ?? code),
  }));

  const hasAccounts = !tenant.flags.isAuthDisabled;
  const hasMenu =
    !tenant.variations.hideShopLink ||
    tenant.locales.length > 1 ||
    Boolean(tenant.themes.dark) ||
    hasAccounts;

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <a
          className="brand"
          href={logoHref}
          aria-label={t('homeLinkLabel', { provider: tenant.providerName })}
        >
          {/* biome-ignore lint/performance/noImgElement: tenant logos are small SVGs */}
          <img
            className="brand__logo"
            src={`/assets/${tenant.assetsFolderName}/logo.svg`}
            alt=""
            width={160}
            height={40}
          />
          <span className="visually-hidden">{tenant.providerName}</span>
        </a>
        {hasMenu && (
          <HeaderMenu label={t('menu')}>
            {!tenant.variations.hideShopLink && (
              <nav aria-label={t('mainNavigation')} className="site-nav">
                <a href={home}>{t('shopLink')}</a>
              </nav>
            )}
            {tenant.locales.length > 1 && <LocaleSwitcher options={options} current={locale} />}
            {tenant.themes.dark && <ThemeToggle initial={theme} />}
            {hasAccounts && <HeaderAccount tenant={tenant} />}
          </HeaderMenu>
        )}
        <a className="cart-link" href={cartStepPath(tenant)}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
            <path
              fill="currentColor"
              d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM1 2v2h2l3.6 7.6-1.4 2.4A2 2 0 0 0 7 17h12v-2H7.4l1.1-2h7.5a2 2 0 0 0 1.7-1l3.6-6.5A1 1 0 0 0 20.4 4H5.2l-.9-2H1Z"
            />
          </svg>
          <span className="shown-from-30rem">{t('cartLink')}</span>
        </a>
      </div>
    </header>
  );
}
