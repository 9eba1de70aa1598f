import type { TenantConfig } from '@shop/tenants';
import { getTranslations } from 'next-intl/server';

/** The page's headline and intro, with the tenant's art beside them where its composition shows art. */
export async function TopupHero({ tenant }: { tenant: TenantConfig }) {
  const t = await getTranslations('common');
  const { hero, heroArt } = tenant.mainPage;
  const art = hero !== 'compact' && heroArt ? `/assets/${tenant.assetsFolderName}/${heroArt}` : undefined;
  return (
    <section className="topup-hero" aria-labelledby="topup-headline">
      <div className="topup-hero__text">
        <h1 id="topup-headline">{t('singleBrandHeadline', { provider: tenant.providerName })}</h1>
        <p>{t('singleBrandIntro')}</p>
      </div>
      {art && (
        // biome-ignore lint/performance/noImgElement: a small decorative SVG drawn at its own size
        <img className="topup-hero__art" src={art} alt="" width={360} height={240} />
      )}
    </section>
  );
}
