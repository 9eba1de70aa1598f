import { parseLocale } from '@shop/domain';
import { cartStepPath, mainPagePath, type TenantConfig } from '@shop/tenants';
import { getLocale, getTranslations } from 'next-intl/server';
import { flagUrl } from '../lib/flags';
import { type LocaleOption, LocaleSwitcher } from './LocaleSwitcher';
import { ThemeToggle } from './ThemeToggle';

function languageName(code: string): string {
  const name = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
  return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
}

export async function Header({ tenant, theme }: { tenant: TenantConfig; theme: 'light' | 'dark' }) {
  const t = await getTranslations('common');
  const locale = await getLocale();
  const home = mainPagePath(tenant);
  const logoHref = tenant.variations.logoLinkUrl ?? home;
  const options: LocaleOption[] = tenant.locales.map((code) => ({
    code,
    name: languageName(code),
    flag: flagUrl(parseLocale(code).country ?? code),
  }));

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
        <nav aria-label={t('mainNavigation')} className="site-nav">
          {!tenant.variations.hideShopLink && <a href={home}>{t('shopLink')}</a>}
          <a href={cartStepPath(tenant)}>{t('cartLink')}</a>
        </nav>
        <div className="site-header__tools">
          {tenant.locales.length > 1 && <LocaleSwitcher options={options} current={locale} />}
          {tenant.themes.dark && <ThemeToggle initial={theme} />}
        </div>
      </div>
    </header>
  );
}
