import type { ContentPageAnswer } from '@shop/domain/contract';
import { mainPagePath, type TenantConfig } from '@shop/tenants';
import { getTranslations } from 'next-intl/server';
import { Markdown } from './Markdown';

type Advertisement = NonNullable<ContentPageAnswer['advertisement']>;

/** A landing page of a campaign: its image, its text, and the way into the shop. */
export async function AdvertisementPage({
  tenant,
  image,
  advertisement,
  markdown,
}: {
  tenant: TenantConfig;
  image: string;
  advertisement: Advertisement;
  markdown: string;
}) {
  const t = await getTranslations('common');
  return (
    <article className="advertisement-page">
      {/* biome-ignore lint/performance/noImgElement: campaign images are SVGs of the tenant's assets */}
      <img
        className="advertisement-page__image"
        src={image}
        alt={advertisement.imageAlt}
        width={1200}
        height={400}
      />
      <h1>{advertisement.title}</h1>
      <Markdown>{markdown}</Markdown>
      <p>
        <a className="button advertisement-page__link" href={mainPagePath(tenant)}>
          {t('contentToTheShop', { provider: tenant.providerName })}
        </a>
      </p>
    </article>
  );
}
