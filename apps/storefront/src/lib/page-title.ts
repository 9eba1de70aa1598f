import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

/** The metadata of a page titled by a common text (the layout adds the shop's name). */
export const titledBy = (key: string) => async (): Promise<Metadata> => ({
  title: (await getTranslations('common'))(key),
});
