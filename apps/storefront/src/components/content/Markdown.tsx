import type { ComponentProps } from 'react';
import ReactMarkdown from 'react-markdown';
import rehypeSlug from 'rehype-slug';
import remarkGfm from 'remark-gfm';

/** A wide table scrolls inside its own box, so a narrow screen keeps the page's width. */
function ScrollingTable(props: ComponentProps<'table'>) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard
    <div className="prose__table" tabIndex={0}>
      <table {...props} />
    </div>
  );
}

/**
 * A content page's Markdown rendered on the server into plain elements: raw HTML in the text is
 * dropped, links keep to safe protocols, and no script or inline style reaches the page (CSP).
 */
export function Markdown({ children }: { children: string }) {
  return (
    <div className="prose">
      <ReactMarkdown
        skipHtml
        remarkPlugins={[remarkGfm]}
        rehypePlugins={[rehypeSlug]}
        components={{ table: ({ node: _node, ...props }) => <ScrollingTable {...props} /> }}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}
