import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A stylesheet link as the framework renders it: one of the build's own files. */
const STYLESHEET_LINK = /<link rel="stylesheet" href="\/_next\/(static\/chunks\/[\w-]+\.css)"([^>]*?)\/>/g;

/** A `url(…)` of a stylesheet, quoted or not. */
const URL_REFERENCE = /url\(\s*(['"]?)([^'")]+)\1\s*\)/g;

/** `css` as it reads inside a page: its relative `url(…)`s made absolute, as its own address resolves them. */
function withAbsoluteUrls(css: string, address: string): string {
  return css.replace(URL_REFERENCE, (reference, quote: string, target: string) => {
    if (/^([a-z][\w+.-]*:|\/|#)/i.test(target)) return reference;
    return `url(${quote}${new URL(target, `http://page${address}`).pathname}${quote})`;
  });
}

/**
 * Writes a kept page's stylesheets into it (decision 0055): its first paint then waits for no
 * request of its own. Each file is read once from the build in `distDir` (its name changes with
 * its content); a file that cannot be read leaves its link as it was. In the browser the
 * framework adds the link again once the page has started, so the stylesheet is fetched in the
 * background and kept for the pages that link it; its rules are the ones already on the page.
 */
export function stylesInliner(distDir: string): (html: string) => string {
  const styles = new Map<string, string | undefined>();
  const styleOf = (file: string) => {
    if (!styles.has(file)) {
      try {
        styles.set(file, withAbsoluteUrls(readFileSync(join(distDir, file), 'utf8'), `/_next/${file}`));
      } catch {
        styles.set(file, undefined);
      }
    }
    return styles.get(file);
  };
  return (html) =>
    html.replace(STYLESHEET_LINK, (link, file: string, attributes: string) => {
      const css = styleOf(file);
      if (css === undefined || css.includes('</')) return link;
      const nonce = / nonce="([^"]*)"/.exec(attributes)?.[1];
      const nonceAttribute = nonce === undefined ? '' : ` nonce="${nonce}"`;
      return `<style data-precedence="next" data-href="/_next/${file}"${nonceAttribute}>${css}</style>`;
    });
}
