import { useTranslations } from 'next-intl';

/** Says which language posts are written in when it is not the page's (the shop has none in that one). */
export function LanguageNotice({
  written,
  page,
  textKey,
}: {
  written: string;
  page: string;
  textKey: 'blogPostsWrittenIn' | 'blogPostWrittenIn';
}) {
  const t = useTranslations('common');
  if (written === page) return null;
  const language = new Intl.DisplayNames([page], { type: 'language' }).of(written) ?? written;
  return <p className="blog__notice">{t(textKey, { language })}</p>;
}
