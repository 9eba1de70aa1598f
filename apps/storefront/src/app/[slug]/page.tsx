import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { CONTENT_PAGES, type ContentSlug, contentPagesOf } from '../../lib/content-pages';
import { requireTenant } from '../../lib/tenant';

type Params = Promise<{ slug: string }>;

async function contentPage(params: Params) {
  const tenant = await requireTenant();
  const { slug } = await params;
  if (!contentPagesOf(tenant).includes(slug as ContentSlug)) notFound();
  return { tenant, key: CONTENT_PAGES[slug as ContentSlug] };
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { tenant, key } = await contentPage(params);
  const t = await getTranslations('seo');
  return {
    title: { absolute: t(`${key}Title`, { provider: tenant.providerName }) },
    description: t(`${key}Description`, { provider: tenant.providerName }),
  };
}

/** A content page (about us, contact, privacy, terms, imprint, blog) with per-tenant texts. */
export default async function ContentPage({ params }: { params: Params }) {
  const { tenant, key } = await contentPage(params);
  const [common, seo] = await Promise.all([getTranslations('common'), getTranslations('seo')]);
  return (
    <article className="content-page">
      <h1>{common(key)}</h1>
      <p>{seo(`${key}Description`, { provider: tenant.providerName })}</p>
    </article>
  );
}
