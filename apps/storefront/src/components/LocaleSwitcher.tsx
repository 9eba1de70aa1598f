'use client';

import { useTranslations } from 'next-intl';
import { useId, useRef, useState } from 'react';
import { cookiesStored } from '../lib/browser-cookies';
import { COOKIE_NAMES } from '../lib/cookie-names';
import { savePreference } from '../lib/preference-cookie';
import { useHydrated } from './forms/useHydrated';
import { useDismiss } from './ui/useDismiss';

export interface LocaleOption {
  code: string;
  /** The language's own name, e.g. "Deutsch". */
  name: string;
  flag: string | undefined;
}

function Flag({ src }: { src: string | undefined }) {
  // biome-ignore lint/performance/noImgElement: a 4x3 SVG flag needs no image optimisation
  return src ? <img className="flag" src={src} alt="" width={20} height={15} /> : null;
}

/** Lists the tenant's languages with flags; the choice is kept in the LOCALE cookie. */
export function LocaleSwitcher({ options, current }: { options: LocaleOption[]; current: string }) {
  const t = useTranslations('common');
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const active = options.find((option) => option.code === current) ?? options[0];

  // Inside the header's menu: one Escape closes the list, not the menu around it.
  useDismiss({ open, setOpen, root, button, inner: true });

  function choose(code: string) {
    savePreference(COOKIE_NAMES.locale, code);
    void cookiesStored().then(() => window.location.reload());
  }

  if (!active) return null;
  return (
    <div className="locale-switcher" ref={root}>
      <button
        ref={button}
        type="button"
        className="locale-switcher__button"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={`${t('languageSwitcherLabel')}: ${active.name}`}
        onClick={() => setOpen(!open)}
        disabled={!hydrated}
        data-testid="locale-switcher"
      >
        <Flag src={active.flag} />
        <span aria-hidden="true">{active.code.toUpperCase()}</span>
      </button>
      <ul id={listId} className="locale-switcher__list" hidden={!open}>
        {options.map((option) => (
          <li key={option.code}>
            <button
              type="button"
              lang={option.code}
              aria-current={option.code === active.code ? 'true' : undefined}
              onClick={() => choose(option.code)}
              data-testid={`locale-${option.code}`}
            >
              <Flag src={option.flag} />
              {option.name}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
