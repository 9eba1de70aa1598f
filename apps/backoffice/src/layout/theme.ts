export type Theme = 'light' | 'dark';

const STORAGE_KEY = 'backoffice-theme';
const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');
const listeners = new Set<() => void>();

/** The theme the staff member chose on this browser, if any; else the system's is followed. */
function chosenTheme(): Theme | undefined {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : undefined;
  } catch {
    return undefined;
  }
}

/** The theme the page shows now. */
export const shownTheme = (): Theme => chosenTheme() ?? (darkQuery().matches ? 'dark' : 'light');

/** Shows the chosen theme; without a choice the stylesheet follows the system's. */
export function applyTheme(): void {
  const theme = chosenTheme();
  if (theme) document.documentElement.dataset.theme = theme;
  else delete document.documentElement.dataset.theme;
}

/** Keeps the choice for the next visits and shows it. */
export function chooseTheme(theme: Theme): void {
  try {
    localStorage.setItem(STORAGE_KEY, theme);
  } catch {
    // Storage refused: the choice lasts for this page only.
    document.documentElement.dataset.theme = theme;
  }
  applyTheme();
  for (const listener of listeners) listener();
}

/** Calls back when the shown theme may have changed: a choice here, or the system's theme. */
export function subscribeToTheme(callback: () => void): () => void {
  const query = darkQuery();
  listeners.add(callback);
  query.addEventListener('change', callback);
  return () => {
    listeners.delete(callback);
    query.removeEventListener('change', callback);
  };
}
