import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stylesInliner } from './page-styles';

const distDir = mkdtempSync(join(tmpdir(), 'page-styles-'));
mkdirSync(join(distDir, 'static/chunks'), { recursive: true });
writeFileSync(join(distDir, 'static/chunks/0shop.css'), 'body{color:red}');
writeFileSync(
  join(distDir, 'static/chunks/1fonts.css'),
  "@font-face{src:url(../media/a.woff2)}b{background:url('x.svg'),url(/logo.svg),url(data:image/png;base64,AA==)}",
);
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

const link = (name: string) =>
  `<link rel="stylesheet" href="/_next/static/chunks/${name}.css" nonce="N0nce" data-precedence="next"/>`;

describe("a kept page's stylesheets", () => {
  it('are written into the page, with the nonce of their link', () => {
    const inline = stylesInliner(distDir);
    expect(inline(`<head>${link('0shop')}</head>`)).toBe(
      '<head><style data-precedence="next" data-href="/_next/static/chunks/0shop.css" nonce="N0nce">body{color:red}</style></head>',
    );
  });

  it('keep pointing at the files their own address pointed at', () => {
    const inline = stylesInliner(distDir);
    expect(inline(link('1fonts'))).toContain(
      "@font-face{src:url(/_next/static/media/a.woff2)}b{background:url('/_next/static/chunks/x.svg'),url(/logo.svg),url(data:image/png;base64,AA==)}",
    );
  });

  it('stay links when the build has no such file, and nothing else is touched', () => {
    const inline = stylesInliner(distDir);
    const page = `<head>${link('missing')}<link rel="stylesheet" href="https://elsewhere.example/a.css"/></head>`;
    expect(inline(page)).toBe(page);
  });
});
