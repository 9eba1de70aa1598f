import { getRequestConfig } from 'next-intl/server';
import { loadTranslations } from '../lib/api';
import { currentLocale } from '../lib/locale';
import { currentTenant } from '../lib/tenant';

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
