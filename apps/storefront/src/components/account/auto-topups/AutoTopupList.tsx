'use client';

import { formatMoney, formatMsisdn } from '@shop/domain';
import type { AutoTopupRow, PaymentToken } from '@shop/domain/contract';
import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { AutoTopupCard } from './AutoTopupCard';
import type { AutoTopupFormat } from './auto-topup-display';

/**
 * The account's automatic top-ups, as the page loaded them; a change answered by the API
 * replaces its card, a cancelled one leaves the list with a message that says so (spec §4).
 */
export function AutoTopupList({
  rows,
  methods,
  format,
  pauseAllowed,
  here,
  mainPage,
}: {
  rows: readonly AutoTopupRow[];
  methods: readonly PaymentToken[];
  format: AutoTopupFormat;
  pauseAllowed: boolean;
  here: string;
  /** Where a top-up is set up: the shop's main page. */
  mainPage: string;
}) {
  const t = useTranslations('common');
  const [topups, setTopups] = useState(rows);
  const [cancelled, setCancelled] = useState<AutoTopupRow>();
  const status = useRef<HTMLParagraphElement>(null);

  const changed = (row: AutoTopupRow) =>
    setTopups((current) => current.map((topup) => (topup.autoTopupId === row.autoTopupId ? row : topup)));
  const removed = (row: AutoTopupRow) => {
    setTopups((current) => current.filter((topup) => topup.autoTopupId !== row.autoTopupId));
    setCancelled(row);
    // Its card, and the button pressed with it, are gone: the message takes the focus.
    requestAnimationFrame(() => status.current?.focus());
  };

  const cardProps = { methods, format, pauseAllowed, here, onChanged: changed, onCancelled: removed };

  return (
    <>
      <p
        ref={status}
        tabIndex={-1}
        role="status"
        className="auto-topups__status"
        data-testid="auto-topups-status"
      >
        {cancelled &&
          `${t('successfulDelete')} ${t('autoTopupCancelledDetail', {
            amount: formatMoney(cancelled.amount, cancelled.currency, format.locale),
            number: formatMsisdn(cancelled.msisdn),
          })}`}
      </p>
      {topups.length > 0 ? (
        <ul className="order-list auto-topup-list" data-testid="auto-topup-list">
          {topups.map((row) => (
            <li key={row.autoTopupId}>
              <AutoTopupCard row={row} {...cardProps} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="account-empty card card--quiet auto-topups-empty" data-testid="auto-topups-empty">
          <p className="auto-topups-empty__title">{t('autoTopupsEmpty')}</p>
          <p>{t('autoTopupsEmptyHint')}</p>
          <a className="button" href={mainPage}>
            {t('autoTopupsSetUp')}
          </a>
        </div>
      )}
    </>
  );
}
