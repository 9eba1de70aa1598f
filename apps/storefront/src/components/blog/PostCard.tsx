import type { PostSummary } from '@shop/domain/contract';
import type { Ref } from 'react';
import { PostMeta } from './PostMeta';

/**
 * A post in a list: its title (the link to it), date, reading time and excerpt. Rendered by the
 * server's lists and by the list that grows in the browser; `linkRef` lets that list move the
 * focus to the first post it added.
 */
export function PostCard({
  post,
  locale,
  heading: Heading = 'h2',
  linkRef,
}: {
  post: PostSummary;
  locale: string;
  heading?: 'h2' | 'h3';
  linkRef?: Ref<HTMLAnchorElement>;
}) {
  // A post of another language than the page's (the shop has none in the page's) says so to screen readers.
  const lang = post.language === locale ? undefined : post.language;
  return (
    <li className="card post-card" data-testid="blog-post">
      <Heading className="post-card__title" lang={lang}>
        <a href={`/blog/${post.slug}`} ref={linkRef}>
          {post.title}
        </a>
      </Heading>
      <PostMeta post={post} locale={locale} />
      <p className="post-card__excerpt" lang={lang}>
        {post.excerpt}
      </p>
    </li>
  );
}
