import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { LanguageNotice } from '../../components/blog/LanguageNotice';
import { PostList } from '../../components/blog/PostList';
import { fetchPostPage } from '../../lib/blog';
import { currentLocale } from '../../lib/locale';
import { requireTenant } from '../../lib/tenant';

/** The blog of a shop that has one (variations.hasBlog); any other shop has no such page. */
async function blogTenant() {
  const tenant = await requireTenant();
  if (!tenant.variations.hasBlog) notFound();
  return tenant;
}

export async function generateMetadata(): Promise<Metadata> {
  const tenant = await blogTenant();
  const t = await getTranslations('seo');
  return {
    title: { absolute: t('blogTitle', { provider: tenant.providerName }) },
    description: t('blogDescription', { provider: tenant.providerName }),
  };
}

/** Spec §2 blog: the shop's posts, newest first, the first page rendered here and more on request. */
export default async function BlogPage() {
  const tenant = await blogTenant();
  const { language } = await currentLocale(tenant);
  const [firstPage, common, seo] = await Promise.all([
    fetchPostPage(tenant, { language }),
    getTranslations('common'),
    getTranslations('seo'),
  ]);
  return (
    <section className="blog" aria-labelledby="blog-title">
      <h1 id="blog-title">{common('blog')}</h1>
      <p className="blog__intro">{seo('blogDescription', { provider: tenant.providerName })}</p>
      <LanguageNotice written={firstPage.language} page={language} textKey="blogPostsWrittenIn" />
      <PostList key={firstPage.language} firstPage={firstPage} />
    </section>
  );
}
