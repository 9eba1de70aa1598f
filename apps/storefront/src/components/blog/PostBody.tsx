import Markdown, { type Components } from 'react-markdown';

/** What a post's Markdown may become; anything else is left out with its text kept. */
const ALLOWED_ELEMENTS = [
  'p',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'a',
  'blockquote',
  'code',
  'hr',
  'br',
];

/** The page's title is the only h1: a Markdown heading of level 1 becomes a section heading. */
const COMPONENTS: Components = {
  h1: ({ node: _node, ...props }) => <h2 {...props} />,
};

/**
 * A post's Markdown as HTML elements: HTML written in the Markdown is dropped, not rendered, and
 * links keep only safe protocols (react-markdown's default), so nothing in a post can run script.
 */
export function PostBody({ markdown, lang }: { markdown: string; lang: string | undefined }) {
  return (
    <div className="post__body" lang={lang}>
      <Markdown
        skipHtml
        allowedElements={[...ALLOWED_ELEMENTS, 'h1']}
        unwrapDisallowed
        components={COMPONENTS}
      >
        {markdown}
      </Markdown>
    </div>
  );
}
