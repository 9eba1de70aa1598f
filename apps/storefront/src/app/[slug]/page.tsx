import type { Language } from '@shop/domain';
import {
  advertisementPageOf,
  CONTENT_PAGES,
  type ContentSlug,
  markdownPagesOf,
  type TenantConfig,
} from '@shop/tenants';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { AdvertisementPage } from '../../components/content/AdvertisementPage';
import { ContentArticle } from '../../components/content/ContentArticle';
import { loadContentPage } from '../../lib/content';
import { requireTenant } from '../../lib/tenant';

type Params = Promise<{ slug: string }>;

const isMarkdownPage = (tenant: TenantConfig, slug: string): slug is ContentSlug =>
  (markdownPagesOf(tenant) as string[]).includes(slug);

/**
 * The page at `/{slug}`: one of the tenant's content pages or advertisement pages, in the
 * shopper's language (decision 0044). The blog has its own route.
 */
async function pageAt(params: Params) {
  const tenant = await requireTenant();
  const { slug } = await params;
  const advertisement = advertisementPageOf(tenant, slug);
  if (!advertisement && !isMarkdownPage(tenant, slug)) notFound();
  const content = await loadContentPage(tenant, (await getLocale()) as Language, slug);
  if (!content) notFound();
  return { tenant, slug, content, image: advertisement?.image };
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { tenant, slug, content } = await pageAt(params);
  if (content.advertisement) {
    return { title: content.advertisement.title, description: content.advertisement.description };
  }
  const t = await getTranslations('seo');
  const key = CONTENT_PAGES[slug as ContentSlug];
  return {
    title: { absolute: t(`${key}Title`, { provider: tenant.providerName }) },
    description: t(`${key}Description`, { provider: tenant.providerName }),
  };
}

export default async function SlugPage({ params }: { params: Params }) {
  const { tenant, slug, content, image } = await pageAt(params);
  if (content.advertisement && image) {
    return (
      <AdvertisementPage
        tenant={tenant}
        image={image}
        advertisement={content.advertisement}
        markdown={content.markdown}
      />
    );
  }
  return <ContentArticle tenant={tenant} slug={slug as ContentSlug} markdown={content.markdown} />;
}
