import { isBlogSlug } from '@shop/domain';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { cache } from 'react';
import { LanguageNotice } from '../../../components/blog/LanguageNotice';
import { PostBody } from '../../../components/blog/PostBody';
import { PostCard } from '../../../components/blog/PostCard';
import { PostMeta } from '../../../components/blog/PostMeta';
import { JsonLd } from '../../../components/JsonLd';
import { fetchPost } from '../../../lib/blog';
import { currentLocale } from '../../../lib/locale';
import { requestOrigin } from '../../../lib/request-origin';
import { blogPostingData } from '../../../lib/site-urls';
import { requireTenant } from '../../../lib/tenant';

type Params = Promise<{ post: string }>;

/** The post of this request in the page's language; not found on a shop without a blog or without the post. */
const loadPost = cache(async (slug: string) => {
  const tenant = await requireTenant();
  if (!tenant.variations.hasBlog || !isBlogSlug(slug)) notFound();
  const { language } = await currentLocale(tenant);
  const post = await fetchPost(tenant, { slug, language });
  if (!post) notFound();
  return { tenant, language, post };
});

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { post } = await loadPost((await params).post);
  return {
    title: post.title,
    description: post.excerpt,
    openGraph: {
      type: 'article',
      title: post.title,
      description: post.excerpt,
      publishedTime: post.publishedAt,
    },
  };
}

/** One post of the shop's blog, its Markdown rendered without HTML, and two others to read next. */
export default async function PostPage({ params }: { params: Params }) {
  const { tenant, language, post } = await loadPost((await params).post);
  const t = await getTranslations('common');
  const lang = post.language === language ? undefined : post.language;
  return (
    <article className="post" aria-labelledby="post-title">
      <a className="post__back" href="/blog">
        {t('blogAllPosts')}
      </a>
      <LanguageNotice written={post.language} page={language} textKey="blogPostWrittenIn" />
      <h1 id="post-title" lang={lang}>
        {post.title}
      </h1>
      <PostMeta post={post} locale={language} withAuthor />
      <PostBody markdown={post.body} lang={lang} />
      {post.related.length > 0 && (
        <section className="post__related" aria-labelledby="post-related">
          <h2 id="post-related">{t('blogRelatedPosts')}</h2>
          <ul className="post-list">
            {post.related.map((other) => (
              <PostCard key={other.slug} post={other} locale={language} heading="h3" />
            ))}
          </ul>
        </section>
      )}
      <JsonLd data={blogPostingData(tenant, post, await requestOrigin(tenant.domain))} />
    </article>
  );
}
