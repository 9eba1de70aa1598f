import { CONTENT_PAGES, type ContentSlug, type TenantConfig } from '@shop/tenants';
import { getTranslations } from 'next-intl/server';
import { sectionsOf } from '../../lib/content-headings';
import { ContactDetails } from './ContactDetails';
import { Markdown } from './Markdown';
import { TableOfContents } from './TableOfContents';

/** A page of this many sections or more opens with its table of contents. */
const SECTIONS_FOR_CONTENTS = 6;

/** A content page: its title, a table of contents when it is long, its text, and on the contact page the ways to reach the shop. */
export async function ContentArticle({
  tenant,
  slug,
  markdown,
}: {
  tenant: TenantConfig;
  slug: ContentSlug;
  markdown: string;
}) {
  const t = await getTranslations('common');
  const sections = sectionsOf(markdown);
  const long = sections.length >= SECTIONS_FOR_CONTENTS;
  return (
    <article className={`content-page${long ? ' content-page--long' : ''}`} data-testid={`content-${slug}`}>
      <h1>{t(CONTENT_PAGES[slug])}</h1>
      {long && <TableOfContents title={t('contentTableOfContents')} sections={sections} />}
      <div className="content-page__body">
        <Markdown>{markdown}</Markdown>
        {slug === 'contact' && <ContactDetails tenant={tenant} />}
      </div>
    </article>
  );
}
