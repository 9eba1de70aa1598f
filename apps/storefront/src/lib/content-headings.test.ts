import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from '../components/content/Markdown';
import { sectionsOf } from './content-headings';

const markdown = [
  'Intro',
  '## Who is responsible',
  '### Your orders',
  '## Cookies and similar technologies',
  '```',
  '## not a heading',
  '```',
  '### Cookies and similar technologies',
  '## 7. Right of withdrawal',
].join('\n');

const render = (text: string) => renderToStaticMarkup(createElement(Markdown, null, text));

describe('the sections of a content page', () => {
  it('are its second-level headings, in order', () => {
    expect(sectionsOf(markdown).map((section) => section.text)).toEqual([
      'Who is responsible',
      'Cookies and similar technologies',
      '7. Right of withdrawal',
    ]);
  });

  it('link to the ids the rendered page gives its headings', () => {
    const html = render(markdown);
    for (const { id } of sectionsOf(markdown)) expect(html).toContain(`<h2 id="${id}">`);
    expect(sectionsOf(markdown).map((section) => section.id)).toEqual([
      'who-is-responsible',
      'cookies-and-similar-technologies',
      '7-right-of-withdrawal',
    ]);
  });
});

describe('a content page rendered from Markdown', () => {
  it('drops raw HTML and unsafe links, and puts a wide table in a box that scrolls', () => {
    const html = render(
      '<script>alert(1)</script>\n\n[x](javascript:alert(1))\n\n| a | b |\n| --- | --- |\n| 1 | 2 |',
    );
    expect(html).not.toContain('<script');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('<div class="prose__table" tabindex="0"><table>');
  });
});
