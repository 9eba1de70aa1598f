'use client';

import { useTranslations } from 'next-intl';
import { useState, useSyncExternalStore } from 'react';
import { COOKIE_NAMES } from '../lib/cookie-names';
import { savePreference } from '../lib/preference-cookie';
import type { ThemeChoice, ThemeName } from '../lib/theme';
import { useHydrated } from './forms/useHydrated';

const DARK_DEVICE = '(prefers-color-scheme: dark)';

function followDevice(onChange: () => void) {
  const query = window.matchMedia(DARK_DEVICE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const deviceIsDark = () => window.matchMedia(DARK_DEVICE).matches;

/**
 * Switches between the tenant's light and dark theme and keeps the choice in the theme cookie;
 * until the shopper chooses, the page follows the device's setting.
 */
export function ThemeToggle({ initial }: { initial: ThemeChoice }) {
  const t = useTranslations('common');
  const hydrated = useHydrated();
  const [chosen, setTheme] = useState<ThemeName | undefined>(initial === 'system' ? undefined : initial);
  const deviceDark = useSyncExternalStore(followDevice, deviceIsDark, () => false);
  const theme = chosen ?? (deviceDark ? 'dark' : 'light');
  const next = theme === 'dark' ? 'light' : 'dark';

  function toggle() {
    document.documentElement.dataset.theme = next;
    savePreference(COOKIE_NAMES.theme, next);
    setTheme(next);
  }

  return (
    <button
      type="button"
      className="icon-button"
      onClick={toggle}
      disabled={!hydrated}
      aria-label={next === 'dark' ? t('themeToggleToDark') : t('themeToggleToLight')}
      data-testid="theme-toggle"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
        {theme === 'dark' ? (
          <path
            fill="currentColor"
            d="M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10Zm0-5 1.5 3h-3L12 2Zm0 20-1.5-3h3L12 22ZM2 12l3-1.5v3L2 12Zm20 0-3 1.5v-3l3 1.5Z"
          />
        ) : (
          <path fill="currentColor" d="M21 14.5A9 9 0 0 1 9.5 3a9 9 0 1 0 11.5 11.5Z" />
        )}
      </svg>
    </button>
  );
}
