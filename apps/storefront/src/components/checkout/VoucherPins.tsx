'use client';

import { redemptionMessageKey } from '@shop/domain';
import type { DeliveredVoucher } from '@shop/domain/contract';
import { useLocale, useTranslations } from 'next-intl';
import { useId } from 'react';
import { useAlert } from '../Alerts';
import { BrandArt } from '../catalogue/BrandArt';

/** Selects an element's text, so that the shopper can copy it by hand. */
function selectText(element: HTMLElement | null) {
  const selection = element ? window.getSelection() : null;
  if (!element || !selection) return;
  const range = document.createRange();
  range.selectNodeContents(element);
  selection.removeAllRanges();
  selection.addRange(range);
}

function formatDate(value: string, locale: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(date);
}

function VoucherPin({ voucher, label }: { voucher: DeliveredVoucher; label: string }) {
  const t = useTranslations('common');
  const locale = useLocale();
  const showAlert = useAlert();
  const ids = { label: useId(), pin: useId() };

  async function copy() {
    try {
      await navigator.clipboard.writeText(voucher.pin);
      showAlert({ messageKey: 'voucherPinCopied', severity: 'success' });
    } catch {
      selectText(document.getElementById(ids.pin));
      showAlert({ messageKey: 'voucherPinCopyByHand', severity: 'info' });
    }
  }

  return (
    <li className="voucher-pin" data-testid="voucher-pin">
      <div className="brand-line">
        {voucher.brand && <BrandArt brand={voucher.brand} size="thumb" labelled />}
        <span className="voucher-pin__label" id={ids.label}>
          {label}
        </span>
      </div>
      <div className="voucher-pin__row">
        <code className="voucher-pin__code" id={ids.pin}>
          {voucher.pin}
        </code>
        <button type="button" className="secondary-button" onClick={copy} aria-describedby={ids.label}>
          {t('copyVoucherPin')}
        </button>
      </div>
      {(voucher.serial || voucher.validUntil) && (
        <dl className="voucher-pin__facts">
          {voucher.serial && (
            <div>
              <dt>{t('voucherSerialLabel')}</dt>
              <dd>{voucher.serial}</dd>
            </div>
          )}
          {voucher.validUntil && (
            <div>
              <dt>{t('voucherValidUntilLabel')}</dt>
              <dd>{formatDate(voucher.validUntil, locale)}</dd>
            </div>
          )}
        </dl>
      )}
      {voucher.brand && (
        <p className="voucher-pin__how" data-testid="voucher-redemption">
          {t(redemptionMessageKey(voucher.brand.brandId), { brand: voucher.brand.name })}
        </p>
      )}
    </li>
  );
}

/** The PINs of an order's vouchers, each with a button that copies it. */
export function VoucherPins({ vouchers }: { vouchers: readonly DeliveredVoucher[] }) {
  const t = useTranslations('common');
  const headingId = useId();
  if (vouchers.length === 0) return null;
  return (
    <section className="voucher-pins" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('voucherPinsTitle', { count: vouchers.length })}</h3>
      <ul>
        {vouchers.map((voucher, index) => (
          <VoucherPin
            key={`${voucher.pin}-${voucher.serial ?? index}`}
            voucher={voucher}
            label={
              vouchers.length > 1 ? t('voucherPinNumbered', { number: index + 1 }) : t('voucherPinLabel')
            }
          />
        ))}
      </ul>
    </section>
  );
}
