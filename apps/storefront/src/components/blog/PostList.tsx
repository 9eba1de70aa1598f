'use client';

import { BLOG_PAGE_SIZE, messageKeyFor } from '@shop/domain';
import type { PostPage, PostSummary } from '@shop/domain/contract';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { PostCard } from './PostCard';

/**
 * The blog's posts, the first page from the server; "Show more posts" asks the API for the next
 * page (spec §7 allPosts) and appends it. The focus moves to the first post added and a status
 * line tells screen readers how many came.
 */
export function PostList({ firstPage }: { firstPage: PostPage }) {
  const t = useTranslations('common');
  const locale = useLocale();
  const [posts, setPosts] = useState<PostSummary[]>(firstPage.nodes);
  const [next, setNext] = useState(firstPage.pageInfo.hasNextPage ? firstPage.pageInfo.endCursor : null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [firstAdded, setFirstAdded] = useState<number | undefined>(undefined);
  const firstAddedLink = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    if (firstAdded !== undefined) firstAddedLink.current?.focus();
  }, [firstAdded]);

  async function showMore() {
    if (busy || !next) return;
    setBusy(true);
    // Loaded with the first click, not with the page (decision 0029).
    const [{ callShopApi }, { ALL_POSTS_QUERY, allPostsAnswerSchema }] = await Promise.all([
      import('../../lib/shop-api'),
      import('@shop/domain/contract'),
    ]);
    const result = await callShopApi('/api/shop/graphql', allPostsAnswerSchema, {
      method: 'POST',
      credentials: 'same-origin',
      body: JSON.stringify({
        query: ALL_POSTS_QUERY,
        variables: { first: BLOG_PAGE_SIZE, after: next, language: firstPage.language },
      }),
    });
    setBusy(false);
    if (!result.ok) {
      setStatus(t(messageKeyFor(result.code)));
      return;
    }
    const page = result.data.data.allPosts;
    setFirstAdded(page.nodes.length > 0 ? posts.length : undefined);
    setPosts([...posts, ...page.nodes]);
    setNext(page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null);
    setStatus(
      page.pageInfo.hasNextPage
        ? t('blogMorePostsShown', { count: page.nodes.length })
        : `${t('blogMorePostsShown', { count: page.nodes.length })} ${t('blogAllPostsShown')}`,
    );
  }

  if (posts.length === 0) return <p className="blog__empty">{t('blogNoPosts')}</p>;
  return (
    <>
      <ol className="post-list">
        {posts.map((post, index) => (
          <PostCard
            key={post.slug}
            post={post}
            locale={locale}
            linkRef={index === firstAdded ? firstAddedLink : undefined}
          />
        ))}
      </ol>
      <p className="blog__status" role="status">
        {status}
      </p>
      {next && (
        <button
          type="button"
          className="button blog__more"
          aria-disabled={busy}
          onClick={showMore}
          data-testid="blog-show-more"
        >
          {busy ? t('blogLoadingPosts') : t('blogShowMore')}
        </button>
      )}
    </>
  );
}
