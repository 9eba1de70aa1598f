'use client';

import { formatMsisdn } from '@shop/domain';
import type { PaymentToken, SmsTopupRow } from '@shop/domain/contract';
import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import type { AutoTopupFormat } from '../auto-topups/auto-topup-display';
import { SmsTopupCard } from './SmsTopupCard';
import type { SmsTopupExample } from './sms-topup-display';

/**
 * The account's numbers registered for SMS top-ups, as the page loaded them; a change answered
 * by the API replaces its card, a stopped one leaves the list with a message that says so. With
 * none, what SMS top-ups are and where they are set up.
 */
export function SmsTopupList({
  rows,
  methods,
  format,
  example,
  shortNumber,
  here,
  mainPage,
}: {
  rows: readonly SmsTopupRow[];
  methods: readonly PaymentToken[];
  format: AutoTopupFormat;
  example: SmsTopupExample;
  /** The shop's short number, for the explanation when no number is registered. */
  shortNumber: string;
  here: string;
  /** Where SMS top-ups are set up: the shop's main page. */
  mainPage: string;
}) {
  const t = useTranslations('common');
  const [registrations, setRegistrations] = useState(rows);
  const [stopped, setStopped] = useState<SmsTopupRow>();
  const status = useRef<HTMLParagraphElement>(null);

  const changed = (row: SmsTopupRow) =>
    setRegistrations((current) => current.map((each) => (each.index === row.index ? row : each)));
  const removed = (row: SmsTopupRow) => {
    setRegistrations((current) => current.filter((each) => each.index !== row.index));
    setStopped(row);
    // Its card, and the button pressed with it, are gone: the message takes the focus.
    requestAnimationFrame(() => status.current?.focus());
  };

  const cardProps = { methods, format, example, here, onChanged: changed, onStopped: removed };

  return (
    <>
      <p
        ref={status}
        tabIndex={-1}
        role="status"
        className="auto-topups__status"
        data-testid="sms-topups-status"
      >
        {stopped &&
          `${t('successfulDelete')} ${t('smsTopupStoppedDetail', { number: formatMsisdn(stopped.msisdn) })}`}
      </p>
      {registrations.length > 0 ? (
        <ul className="order-list auto-topup-list" data-testid="sms-topup-list">
          {registrations.map((row) => (
            <li key={row.index}>
              <SmsTopupCard row={row} {...cardProps} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="account-empty card card--quiet auto-topups-empty" data-testid="sms-topups-empty">
          <p className="auto-topups-empty__title">{t('smsTopupsEmpty')}</p>
          <p>
            {t.rich('smsTopupsEmptyHint', {
              example: example.text,
              shortNumber,
              bySms: t('topupType_SMS'),
              kbd: (chunks) => <kbd className="sms-topup__text">{chunks}</kbd>,
            })}
          </p>
          <a className="button" href={mainPage}>
            {t('smsTopupsSetUp')}
          </a>
        </div>
      )}
    </>
  );
}
