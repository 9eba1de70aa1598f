import '@fontsource-variable/dm-sans';
import '@fontsource-variable/inter';
import '@fontsource-variable/nunito';
import '@fontsource-variable/source-sans-3';
import './globals.css';
import './tokens.css';
import './components.css';
import type { Language } from '@shop/domain';
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { getLocale, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { AlertArea } from '../components/Alerts';
import { ConsentBanner } from '../components/consent/ConsentBanner';
import { CookieSettingsDialog } from '../components/consent/CookieSettingsDialog';
import { Measurement } from '../components/consent/Measurement';
import { Footer } from '../components/Footer';
import { Header } from '../components/Header';
import { JsonLd } from '../components/JsonLd';
import { ScrollToTop } from '../components/ScrollToTop';
import { ShopTexts } from '../components/ShopTexts';
import { currentConsent } from '../lib/consent';
import { measurementTools } from '../lib/measurement-scripts';
import { requestOrigin } from '../lib/request-origin';
import { REQUEST_PATH_HEADER } from '../lib/return-path';
import { NONCE_HEADER } from '../lib/security-headers';
import { alternatesOf, LANGUAGE_PARAMETER, organizationData } from '../lib/site-urls';
import { allowedMeasurement } from '../lib/statistics';
import { currentHost } from '../lib/tenant';
import { currentTheme, themeStylesheet } from '../lib/theme';
import { loadTranslations, translationsVersion } from '../lib/translations';

export async function generateMetadata(): Promise<Metadata> {
  const target = await currentHost();
  if (target.kind !== 'tenant') return { title: 'Prepaid shop' };
  const { tenant } = target;
  const [t, language, requestHeaders] = await Promise.all([getTranslations('seo'), getLocale(), headers()]);
  const [path = '/', query = ''] = (requestHeaders.get(REQUEST_PATH_HEADER) ?? '/').split('?');
  const urlLanguage =
    new URLSearchParams(query).get(LANGUAGE_PARAMETER)?.toLowerCase() === language ? language : undefined;
  const description = t('mainDescription', { provider: tenant.providerName });
  return {
    metadataBase: new URL(await requestOrigin(tenant.domain)),
    // A page's own title comes first: "Warenkorb – FunkFix"; the main page is the shop's name.
    title: { default: tenant.providerName, template: `%s – ${tenant.providerName}` },
    description,
    alternates: alternatesOf(tenant, path, urlLanguage as Language | undefined),
    openGraph: {
      type: 'website',
      siteName: tenant.providerName,
      title: tenant.providerName,
      description,
      locale: `${language}_${tenant.country.toUpperCase()}`,
      url: path,
    },
    icons: { icon: tenant.favicon },
    manifest: '/api/manifest',
  };
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  const target = await currentHost();
  if (target.kind !== 'tenant') {
    return (
      <html lang="en">
        <body className="platform">{children}</body>
      </html>
    );
  }
  const { tenant } = target;
  const language = await getLocale();
  const [theme, t, requestHeaders, consent, texts] = await Promise.all([
    currentTheme(tenant),
    getTranslations('common'),
    headers(),
    currentConsent(),
    loadTranslations(tenant, language, 'common'),
  ]);
  const measurement = consent?.statistics ? await allowedMeasurement(tenant) : undefined;
  const path = requestHeaders.get(REQUEST_PATH_HEADER) ?? '/';
  // The policy allows inline styles for now (decision 0016); the nonce readies the theme for one that does not.
  const nonce = requestHeaders.get(NONCE_HEADER) ?? undefined;

  return (
    <html lang={language} data-theme={theme} data-tenant={tenant.shopId}>
      <head>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the tenant theme is validated config, not user input */}
        <style nonce={nonce} dangerouslySetInnerHTML={{ __html: themeStylesheet(tenant) }} />
      </head>
      <body>
        <ShopTexts bundle={{ shopId: tenant.shopId, language, version: translationsVersion(texts) }}>
          <a className="skip-link" href="#main">
            {t('skipToContent')}
          </a>
          {consent === undefined && <ConsentBanner provider={tenant.providerName} returnPath={path} />}
          <AlertArea />
          <Header tenant={tenant} theme={theme} />
          <main id="main" tabIndex={-1}>
            {children}
          </main>
          <Footer tenant={tenant} />
          <JsonLd data={organizationData(tenant, await requestOrigin(tenant.domain))} />
          {tenant.variations.hasScrollToTop && <ScrollToTop />}
          <CookieSettingsDialog consent={consent} tools={measurementTools(tenant)} returnPath={path} />
          {measurement && <Measurement scripts={measurement} />}
        </ShopTexts>
      </body>
    </html>
  );
}
