import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  blogLanguage,
  decodePostCursor,
  encodePostCursor,
  isBlogPageSize,
  isBlogSlug,
  MAX_BLOG_PAGE_SIZE,
  readingMinutes,
} from './blog';

describe('the blog', () => {
  it('answers in the shopper language where the shop writes in it, else in its own', () => {
    expect(blogLanguage('en', ['de', 'en'], 'de')).toBe('en');
    expect(blogLanguage('pl', ['de', 'en'], 'de')).toBe('de');
    expect(blogLanguage('fr', [], 'fr')).toBe('fr');
  });

  it('takes pages of 1 to 20 posts', () => {
    expect(isBlogPageSize(1)).toBe(true);
    expect(isBlogPageSize(MAX_BLOG_PAGE_SIZE)).toBe(true);
    for (const size of [0, -1, MAX_BLOG_PAGE_SIZE + 1, 2.5, Number.NaN])
      expect(isBlogPageSize(size)).toBe(false);
  });

  it('names posts by lower-case words joined by hyphens', () => {
    expect(isBlogSlug('top-up-abroad')).toBe(true);
    for (const slug of ['', 'Top-up', 'top--up', '-top', 'top_up', 'a/b', 'x'.repeat(81)]) {
      expect(isBlogSlug(slug), slug).toBe(false);
    }
  });

  it('gives a post a minute per 200 words, at least one', () => {
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes('## Title\n\nA few words.')).toBe(1);
    expect(readingMinutes(Array.from({ length: 201 }, () => 'Wort').join(' '))).toBe(2);
    expect(readingMinutes('**Schritt 1:** Öffne die App — und fertig.')).toBe(1);
  });

  it('reads back every cursor it hands out', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        fc.stringMatching(/^[a-z0-9]{1,10}(-[a-z0-9]{1,10}){0,4}$/),
        (publishedAt, slug) => {
          expect(decodePostCursor(encodePostCursor({ publishedAt, slug }))).toEqual({ publishedAt, slug });
        },
      ),
    );
  });

  it('refuses cursors it never handed out', () => {
    for (const cursor of [
      '',
      'not a cursor',
      '!!!!',
      btoa('12:Not A Slug'),
      btoa('soon:slug'),
      'x'.repeat(300),
    ]) {
      expect(decodePostCursor(cursor), cursor).toBeUndefined();
    }
  });
});
