import type { Staff } from '@shop/domain/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslations } from 'use-intl';
import { useLabels } from '../i18n/labels';
import { signOut } from '../session/api';
import { SESSION_KEY } from '../session/session';
import { homePathFor, sectionsFor } from './navigation';
import { ThemeToggle } from './ThemeToggle';

/** The frame of every signed-in page: who is signed in, the sections their role sees, the page. */
export function AppLayout({ staff }: { staff: Staff }) {
  const t = useTranslations('layout');
  const labels = useLabels();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useFocusOnNavigation(pathname);

  const signingOut = useMutation({
    mutationFn: signOut,
    onSettled: () => {
      queryClient.clear();
      queryClient.setQueryData(SESSION_KEY, null);
      navigate('/sign-in', { replace: true });
    },
  });

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t('skip')}
      </a>
      <header className="app-header">
        <Link className="product-name" to={homePathFor(staff.role)}>
          {t('product')}
        </Link>
        <nav className="app-nav" aria-label={t('navigation')}>
          <ul>
            {sectionsFor(staff.role).map((section) => (
              <li key={section.path}>
                <NavLink to={section.path}>{t(`sections.${section.label}`)}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="app-account">
          <p className="app-staff">
            <span className="app-email">{staff.email}</span>{' '}
            <span className="badge" data-testid="staff-role">
              {labels.role(staff.role)}
            </span>
          </p>
          <ThemeToggle />
          <button
            type="button"
            className="button"
            disabled={signingOut.isPending}
            onClick={() => signingOut.mutate()}
          >
            {t('signOut')}
          </button>
        </div>
      </header>
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}

/** After moving to another page (not on the first one), focus goes to its heading, so a screen reader reads it. */
function useFocusOnNavigation(pathname: string) {
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    document.querySelector<HTMLElement>('main h1')?.focus();
  }, [pathname]);
}
