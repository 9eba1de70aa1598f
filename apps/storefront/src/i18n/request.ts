import { getRequestConfig } from 'next-intl/server';
import { currentLocale } from '../lib/locale';
import { currentTenant } from '../lib/tenant';
import { loadTranslations } from '../lib/translations';

export default getRequestConfig(async () => {
  const tenant = await currentTenant();
  if (!tenant) return { locale: 'en', messages: {} };
  const { language } = await currentLocale(tenant);
  const [common, seo] = await Promise.all([
    loadTranslations(tenant, language, 'common'),
    loadTranslations(tenant, language, 'seo'),
  ]);
  return { locale: language, messages: { common, seo } };
});
