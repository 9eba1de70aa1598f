'use client';

import { formatMoney, formatMsisdn } from '@shop/domain';
import type { AutoTopupRow, PaymentToken } from '@shop/domain/contract';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { BrandArt } from '../../catalogue/BrandArt';
import { useHydrated } from '../../forms/useHydrated';
import { AutoTopupCharges } from './AutoTopupCharges';
import { AutoTopupStatusBadge } from './AutoTopupStatusBadge';
import { type AutoTopupChange, cancelAutoTopup, resendLightLink, updateAutoTopup } from './auto-topup-calls';
import {
  type AutoTopupFormat,
  autoTopupActions,
  autoTopupKindKey,
  autoTopupSentence,
  autoTopupStatus,
  chargedThisMonth,
  lightLinkPhrase,
  methodName,
  nextRunText,
  runsOnLastDayOfShortMonths,
} from './auto-topup-display';
import { CardNotice } from './CardNotice';
import { MethodChoice } from './MethodChoice';
import { MonthlyCapForm } from './MonthlyCapForm';
import { useCardAction } from './useCardAction';

type Busy = 'activate' | 'pause' | 'cancel' | 'method' | 'cap' | 'resend';

/**
 * One automatic top-up: what it does in words, its status, the method it charges, when it runs
 * next, this month's charges and its monthly limit; and what the shopper may do with it in its
 * status (the domain's transition table decides): activate, pause (where the shop allows it),
 * another saved method, a limit, and cancelling in one click.
 */
export function AutoTopupCard({
  row,
  methods,
  format,
  pauseAllowed,
  here,
  onChanged,
  onCancelled,
}: {
  row: AutoTopupRow;
  /** The account's usable saved methods. */
  methods: readonly PaymentToken[];
  format: AutoTopupFormat;
  pauseAllowed: boolean;
  /** This page, to come back to after signing in again. */
  here: string;
  onChanged: (row: AutoTopupRow) => void;
  onCancelled: (row: AutoTopupRow) => void;
}) {
  const t = useTranslations('common');
  const id = useId();
  const hydrated = useHydrated();
  const { busy, notice, noticeRef, act, done } = useCardAction<Busy>(here);

  const actions = autoTopupActions(row.status, { pauseAllowed });
  const status = autoTopupStatus(row.status);
  const sentence = autoTopupSentence(row, format);
  const money = (minor: number) => formatMoney(minor, row.currency, format.locale);
  const token = methods.find((method) => method.id === row.paymentToken);
  const used = chargedThisMonth(row.charges);

  const update = (kind: Busy, change: AutoTopupChange, doneKey: string) =>
    act(
      kind,
      () => updateAutoTopup(change),
      ({ autoTopup }) => {
        onChanged(autoTopup);
        // With a new status the button pressed is gone (Pause becomes Activate).
        done(doneKey, autoTopupStatus(autoTopup.status).label !== status.label);
      },
    );

  const ids = {
    heading: `${id}-number`,
    sentence: `${id}-does`,
  };
  const disabled = !hydrated || busy !== undefined;
  const { autoTopupId, lightLink } = row;
  const link = lightLink && lightLinkPhrase(lightLink, format);
  // Activate first where it is offered; cancelling, clearly named, always last and apart.
  const buttons = [
    lightLink !== undefined && {
      labelKey: 'autoTopupLightResend',
      className: 'button auto-topup__secondary',
      run: () =>
        act(
          'resend',
          () => resendLightLink(autoTopupId),
          (answer) => {
            onChanged({ ...row, lightLink: answer.lightLink });
            done('autoTopupLightResentDone', false);
          },
        ),
    },
    actions.activate && {
      labelKey: 'autoTopupActivate',
      className: 'button',
      run: () => update('activate', { autoTopupId, status: 'ENABLED' }, 'autoTopupActivatedDone'),
    },
    actions.pause && {
      labelKey: 'autoTopupPause',
      className: 'button auto-topup__secondary',
      run: () => update('pause', { autoTopupId, status: 'DISABLED' }, 'autoTopupPausedDone'),
    },
    actions.cancel && {
      labelKey: 'autoTopupCancel',
      className: 'button auto-topup__cancel',
      run: () =>
        act(
          'cancel',
          () => cancelAutoTopup(row),
          () => onCancelled(row),
        ),
    },
  ].filter((button) => button !== false);

  return (
    <article
      className={`auto-topup card auto-topup--${status.label}`}
      aria-labelledby={ids.heading}
      data-testid="auto-topup"
      data-status={row.status}
    >
      <header className="auto-topup__head">
        <BrandArt brand={{ brandId: row.brand, name: row.brand }} size="thumb" />
        <div className="auto-topup__title">
          <p className="auto-topup__kind">{t(autoTopupKindKey(row))}</p>
          <h2 id={ids.heading} className="auto-topup__number">
            {formatMsisdn(row.msisdn)}
          </h2>
        </div>
        <AutoTopupStatusBadge status={row.status} label={t(status.key)} />
      </header>

      <p className="auto-topup__does" id={ids.sentence} data-testid="auto-topup-sentence">
        {t(sentence.key, sentence.values)}
        {runsOnLastDayOfShortMonths(row) && (
          <span className="auto-topup__note"> {t('autoTopupShortMonths')}</span>
        )}
      </p>

      {status.label === 'invalid' && (
        <div className="auto-topup__problem" data-testid="auto-topup-invalid">
          <h3>{t('autoTopupInvalidTitle')}</h3>
          {actions.methodActivates ? (
            <>
              <p>{t('autoTopupInvalidText')}</p>
              <MethodChoice
                current={row.paymentToken}
                methods={methods}
                activates
                disabled={disabled}
                onChoose={(paymentToken) =>
                  update(
                    'method',
                    { autoTopupId: row.autoTopupId, paymentToken, status: 'ENABLED' },
                    'autoTopupActivatedDone',
                  )
                }
              />
            </>
          ) : (
            <p>{t('autoTopupInvalidFinal')}</p>
          )}
        </div>
      )}
      {status.label === 'rejected' && (
        <div className="auto-topup__problem" data-testid="auto-topup-rejected">
          <p>{t('autoTopupRejectedText')}</p>
        </div>
      )}

      <dl className="auto-topup__facts">
        <div>
          <dt>{t('autoTopupMethodLabel')}</dt>
          <dd data-testid="auto-topup-method">
            {row.autoTopupLight
              ? t('autoTopupLightMethod')
              : token
                ? methodName(token)
                : row.paymentTokenName}
          </dd>
        </div>
        {link && (
          <div>
            <dt>{t('autoTopupLightLinkLabel')}</dt>
            <dd data-testid="auto-topup-light-link">
              {t.rich(link.key, {
                ...link.values,
                when: (chunks) => <span className="auto-topup__when">{chunks}</span>,
              })}
            </dd>
          </div>
        )}
        {status.label === 'active' && row.nextRunAt && (
          <div>
            <dt>{t('autoTopupNextRunLabel')}</dt>
            <dd data-testid="auto-topup-next-run">{nextRunText(row.nextRunAt, format)}</dd>
          </div>
        )}
        {!row.autoTopupLight && (
          <div>
            <dt>{t('autoTopupCapLabel')}</dt>
            <dd data-testid="auto-topup-cap">
              {row.monthlyCap === null ? (
                t('autoTopupNoCap')
              ) : (
                <>
                  <span className="auto-topup__cap-amount">{money(row.monthlyCap)}</span>
                  <span className="auto-topup__cap-used">
                    {t('autoTopupCapUsed', { used: money(used), cap: money(row.monthlyCap) })}
                  </span>
                  <meter
                    className="auto-topup__meter"
                    min={0}
                    max={row.monthlyCap}
                    value={Math.min(used, row.monthlyCap)}
                    aria-hidden="true"
                  />
                </>
              )}
            </dd>
          </div>
        )}
      </dl>

      {status.label === 'paused' && <p className="auto-topup__paused">{t('autoTopupPausedNote')}</p>}

      <AutoTopupCharges charges={row.charges} format={format} />

      <div className="auto-topup__actions">
        {buttons.map(({ labelKey, className, run }) => (
          <button
            key={labelKey}
            type="button"
            className={className}
            disabled={disabled}
            aria-describedby={ids.sentence}
            onClick={run}
          >
            {t(labelKey)}
          </button>
        ))}
      </div>

      {actions.edit && !actions.methodActivates && !row.autoTopupLight && (
        <details className="auto-topup__more">
          <summary>{t('autoTopupMethodChange')}</summary>
          <MethodChoice
            current={row.paymentToken}
            methods={methods}
            activates={false}
            disabled={disabled}
            onChoose={(paymentToken) =>
              update('method', { autoTopupId: row.autoTopupId, paymentToken }, 'successfulModification')
            }
          />
        </details>
      )}
      {actions.edit && !row.autoTopupLight && (
        <details className="auto-topup__more" data-testid="auto-topup-cap-details">
          <summary>{t(row.monthlyCap === null ? 'autoTopupCapSet' : 'autoTopupCapEdit')}</summary>
          <MonthlyCapForm
            key={row.monthlyCap ?? 'none'}
            cap={row.monthlyCap}
            amount={row.amount}
            currency={row.currency}
            locale={format.locale}
            disabled={disabled}
            onSave={(monthlyCap) =>
              update('cap', { autoTopupId: row.autoTopupId, monthlyCap }, 'successfulModification')
            }
          />
        </details>
      )}
      <CardNotice notice={notice} busy={Boolean(busy)} noticeRef={noticeRef} testIdPrefix="auto-topup" />
    </article>
  );
}
