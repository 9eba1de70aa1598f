import type { PostSummary } from '@shop/domain/contract';
import { useTranslations } from 'next-intl';

/** When a post was published and how long it takes to read, in the page's language. */
export function PostMeta({
  post,
  locale,
  withAuthor = false,
}: {
  post: PostSummary;
  locale: string;
  withAuthor?: boolean;
}) {
  const t = useTranslations('common');
  // UTC: the server's and the browser's rendering of a card name the same day.
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(post.publishedAt),
  );
  return (
    <p className="post-meta">
      <time dateTime={post.publishedAt}>{date}</time>
      {withAuthor && <span>{t('blogByAuthor', { author: post.authorName })}</span>}
      <span>{t('blogReadingTime', { minutes: post.readingMinutes })}</span>
    </p>
  );
}
