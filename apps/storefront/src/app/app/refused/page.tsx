import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { requireTenant } from '../../../lib/tenant';

export const generateMetadata = async (): Promise<Metadata> => ({
  title: (await getTranslations('common'))('appEntryRefusedTitle'),
  robots: { index: false },
});

/** Where an app entry link the shop refused (forged, expired, used before) ends (decision 0050). */
export default async function AppEntryRefusedPage() {
  const tenant = await requireTenant();
  if (!tenant.flags.hasMobileAppFlow) notFound();
  const t = await getTranslations('common');
  return (
    <div className="checkout" data-testid="app-entry-refused">
      <h1>{t('appEntryRefusedTitle')}</h1>
      <p>{t('appEntryLinkInvalid')}</p>
    </div>
  );
}
