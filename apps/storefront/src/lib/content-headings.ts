import GithubSlugger from 'github-slugger';

export interface ContentHeading {
  id: string;
  text: string;
}

const HEADING = /^(#{1,6}) +(.+?)(?: +#+)?\s*$/;

/**
 * The sections of a content page (its `##` headings) with the ids `rehype-slug` gives them, for
 * the page's table of contents.
 */
export function sectionsOf(markdown: string): ContentHeading[] {
  const slugger = new GithubSlugger();
  const headings: ContentHeading[] = [];
  let inCode = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) inCode = !inCode;
    const match = inCode ? null : HEADING.exec(line);
    if (!match?.[2]) continue;
    // Every heading takes its id in turn, as rehype-slug numbers repeated texts.
    const id = slugger.slug(match[2]);
    if (match[1] === '##') headings.push({ id, text: match[2] });
  }
  return headings;
}
