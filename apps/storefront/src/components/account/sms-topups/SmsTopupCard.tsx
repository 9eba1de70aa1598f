'use client';

import { formatMsisdn } from '@shop/domain';
import type { PaymentToken, SmsTopupRow } from '@shop/domain/contract';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { BrandArt } from '../../catalogue/BrandArt';
import { useHydrated } from '../../forms/useHydrated';
import { type AutoTopupFormat, autoTopupDate } from '../auto-topups/auto-topup-display';
import { CardNotice } from '../auto-topups/CardNotice';
import { MethodChoice } from '../auto-topups/MethodChoice';
import { useCardAction } from '../auto-topups/useCardAction';
import { SmsPinForm } from './SmsPinForm';
import { SmsTopupHowTo } from './SmsTopupHowTo';
import { SmsTopupStatusBadge } from './SmsTopupStatusBadge';
import { type SmsTopupUpdate, stopSmsTopup, updateSmsTopup } from './sms-topup-calls';
import {
  changeDoneKey,
  paidWith,
  type SmsTopupChange,
  type SmsTopupExample,
  smsTopupStatus,
} from './sms-topup-display';

type Busy = SmsTopupChange | 'stop';

/**
 * One number registered for SMS top-ups: its status (and why a locked one is locked), what to
 * text where, the saved method that pays; and the shopper's ways to unlock it, choose a new PIN
 * or another method, and stop it in one click.
 */
export function SmsTopupCard({
  row,
  methods,
  format,
  example,
  here,
  onChanged,
  onStopped,
}: {
  row: SmsTopupRow;
  /** The account's usable saved methods. */
  methods: readonly PaymentToken[];
  format: AutoTopupFormat;
  example: SmsTopupExample;
  /** This page, to come back to after signing in again. */
  here: string;
  onChanged: (row: SmsTopupRow) => void;
  onStopped: (row: SmsTopupRow) => void;
}) {
  const t = useTranslations('common');
  const id = useId();
  const hydrated = useHydrated();
  const { busy, notice, noticeRef, act, done } = useCardAction<Busy>(here);
  // A new PIN saved empties the form: it is drawn anew.
  const [pinForms, setPinForms] = useState(0);

  const status = smsTopupStatus(row.status);
  const locked = row.status === 'LOCKED';

  const update = (change: SmsTopupChange, fields: Omit<SmsTopupUpdate, 'index'>) =>
    act(
      change,
      () => updateSmsTopup({ index: row.index, ...fields }),
      ({ smsTopup }) => {
        onChanged(smsTopup);
        if (change === 'pin') setPinForms((count) => count + 1);
        // Unlocked, the Unlock button is gone.
        done(changeDoneKey(change, row.status, smsTopup.status), smsTopup.status !== row.status);
      },
    );

  const heading = `${id}-number`;
  const disabled = !hydrated || busy !== undefined;

  return (
    <article
      className={`auto-topup sms-topup card sms-topup--${status.label}`}
      aria-labelledby={heading}
      data-testid="sms-topup"
      data-status={row.status}
    >
      <header className="auto-topup__head">
        <BrandArt brand={{ brandId: row.brand, name: row.brand }} size="thumb" />
        <div className="auto-topup__title">
          <p className="auto-topup__kind">{t('smsTopupKind')}</p>
          <h2 id={heading} className="auto-topup__number" data-testid="sms-topup-number">
            {formatMsisdn(row.msisdn)}
          </h2>
        </div>
        <SmsTopupStatusBadge status={row.status} label={t(status.key)} />
      </header>

      {locked && (
        <div className="auto-topup__problem" data-testid="sms-topup-locked">
          <h3>{t('smsTopupLockedTitle')}</h3>
          <p>{t('smsTopupLockedText')}</p>
        </div>
      )}

      <SmsTopupHowTo example={example} shortNumber={row.shortNumber} />

      <dl className="auto-topup__facts">
        <div>
          <dt>{t('smsTopupMethodLabel')}</dt>
          <dd data-testid="sms-topup-method">{paidWith(row, methods)}</dd>
        </div>
        <div>
          <dt>{t('smsTopupSinceLabel')}</dt>
          <dd>{autoTopupDate(row.createdAt, format)}</dd>
        </div>
      </dl>

      <div className="auto-topup__actions">
        {locked && (
          <button
            type="button"
            className="button"
            disabled={disabled}
            aria-describedby={heading}
            onClick={() => update('unlock', { unlock: true })}
          >
            {t('smsTopupUnlock')}
          </button>
        )}
        <button
          type="button"
          className="button auto-topup__cancel"
          disabled={disabled}
          aria-describedby={heading}
          onClick={() =>
            act(
              'stop',
              () => stopSmsTopup(row.index),
              () => onStopped(row),
            )
          }
        >
          {t('smsTopupStop')}
        </button>
      </div>

      <details className="auto-topup__more" data-testid="sms-topup-pin-details">
        <summary>{t('smsTopupPinChange')}</summary>
        <SmsPinForm
          key={pinForms}
          disabled={disabled}
          onSave={(smsTopupConsent) => update('pin', { smsTopupConsent })}
        />
      </details>
      <details className="auto-topup__more">
        <summary>{t('smsTopupMethodChange')}</summary>
        <MethodChoice
          current={row.paymentToken}
          methods={methods}
          activates={false}
          disabled={disabled}
          onChoose={(paymentTokenId) => update('method', { paymentTokenId })}
        />
      </details>

      <CardNotice notice={notice} busy={Boolean(busy)} noticeRef={noticeRef} testIdPrefix="sms-topup" />
    </article>
  );
}
