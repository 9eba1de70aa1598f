import type { ContentHeading } from '../../lib/content-headings';

/** Links to the sections of a long content page. */
export function TableOfContents({ title, sections }: { title: string; sections: ContentHeading[] }) {
  return (
    <nav className="toc" aria-labelledby="toc-title">
      <h2 id="toc-title" className="toc__title">
        {title}
      </h2>
      <ol className="toc__list">
        {sections.map((section) => (
          <li key={section.id}>
            <a href={`#${section.id}`}>{section.text}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
