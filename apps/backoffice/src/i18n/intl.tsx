import type { ReactNode } from 'react';
import { IntlProvider } from 'use-intl';
import en from './messages/en.json';

/** The back office's languages: English first; another is one more file of the same keys. */
export const LOCALE = 'en';

declare module 'use-intl' {
  interface AppConfig {
    Locale: typeof LOCALE;
    Messages: typeof en;
  }
}

/** Times are shown in the staff member's own zone. */
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

export function Translations({ children }: { children: ReactNode }) {
  return (
    <IntlProvider locale={LOCALE} messages={en} timeZone={timeZone}>
      {children}
    </IntlProvider>
  );
}
