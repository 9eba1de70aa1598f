import { useSyncExternalStore } from 'react';
import { useTranslations } from 'use-intl';
import { chooseTheme, shownTheme, subscribeToTheme } from './theme';

/** Switches between the light and the dark theme; the choice is kept on this browser. */
export function ThemeToggle() {
  const t = useTranslations('theme');
  const theme = useSyncExternalStore(subscribeToTheme, shownTheme);
  return (
    <button
      type="button"
      className="button button-quiet"
      aria-pressed={theme === 'dark'}
      data-testid="theme-toggle"
      onClick={() => chooseTheme(theme === 'dark' ? 'light' : 'dark')}
    >
      {t('dark')}
    </button>
  );
}
