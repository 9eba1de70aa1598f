/**
 * The shop's blog (decision 0045): posts of a tenant, each written in one language, listed newest
 * first in pages that a cursor continues.
 */

/** Posts the blog shows at a time, and the API's page when a caller names none. */
export const BLOG_PAGE_SIZE = 3;
/** The most posts one page may ask for. */
export const MAX_BLOG_PAGE_SIZE = 20;
/** Other posts a post page suggests. */
export const RELATED_POSTS = 2;

/** A post's name in its URL: lower-case words of letters and digits joined by hyphens. */
export const BLOG_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_BLOG_SLUG_LENGTH = 80;

export const isBlogSlug = (value: string) =>
  value.length <= MAX_BLOG_SLUG_LENGTH && BLOG_SLUG_PATTERN.test(value);

/** Whether a page size is one the blog answers. */
export const isBlogPageSize = (first: number) =>
  Number.isInteger(first) && first >= 1 && first <= MAX_BLOG_PAGE_SIZE;

/**
 * The language the blog answers in: the shopper's when the shop has posts in it, else the
 * shop's own, so that a language without posts shows the shop's posts rather than none.
 */
export function blogLanguage<L extends string>(requested: L, written: readonly string[], shopLanguage: L): L {
  return written.includes(requested) ? requested : shopLanguage;
}

/** Words a reader gets through in a minute, for a post's reading time. */
const WORDS_PER_MINUTE = 200;

/** Minutes a post takes to read (at least one), counting the words of its Markdown. */
export function readingMinutes(markdown: string): number {
  const words = markdown.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

/** Where a page of posts ends: the last post's publication time and slug (newest first, then slug). */
export interface PostPosition {
  publishedAt: Date;
  slug: string;
}

/** The opaque cursor that continues a listing after a post. */
export function encodePostCursor({ publishedAt, slug }: PostPosition): string {
  return btoa(`${publishedAt.getTime()}:${slug}`).replace(/=+$/, '');
}

/** The position a cursor names; undefined for text that no listing handed out. */
export function decodePostCursor(cursor: string): PostPosition | undefined {
  if (!/^[A-Za-z0-9+/]{1,200}$/.test(cursor)) return undefined;
  let text: string;
  try {
    text = atob(cursor.padEnd(Math.ceil(cursor.length / 4) * 4, '='));
  } catch {
    return undefined;
  }
  const match = /^(\d{1,15}):(.+)$/.exec(text);
  if (!match?.[1] || !match[2] || !isBlogSlug(match[2])) return undefined;
  return { publishedAt: new Date(Number(match[1])), slug: match[2] };
}
