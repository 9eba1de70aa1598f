'use client';

import { redemptionMessageKey } from '@shop/domain';
import type { DeliveredVoucher } from '@shop/domain/contract';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useState } from 'react';
import { BrandArt } from '../catalogue/BrandArt';
import { useHydrated } from '../forms/useHydrated';

/** How long the outcome of a copy stays beside the button (as long as a toast, spec §9). */
const COPY_NOTE_MS = 5000;

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
  const ids = { label: useId(), pin: useId() };
  const [copyNote, setCopyNote] = useState<'voucherPinCopied' | 'voucherPinCopyByHand'>();

  useEffect(() => {
    if (!copyNote) return;
    const timer = setTimeout(() => setCopyNote(undefined), COPY_NOTE_MS);
    return () => clearTimeout(timer);
  }, [copyNote]);

  // A tap before the page's script runs would copy nothing and say nothing.
  const hydrated = useHydrated();

  // The note is said in a live region that is on the page from the start (one that appears with
  // its text is often not read out); it is emptied first, so a second copy is announced again.
  async function copy() {
    setCopyNote(undefined);
    try {
      await navigator.clipboard.writeText(voucher.pin);
      setCopyNote('voucherPinCopied');
    } catch {
      selectText(document.getElementById(ids.pin));
      setCopyNote('voucherPinCopyByHand');
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
        <button
          type="button"
          className="secondary-button"
          onClick={copy}
          aria-describedby={ids.label}
          disabled={!hydrated}
        >
          {t('copyVoucherPin')}
        </button>
        <span className="voucher-pin__copied" role="status">
          {copyNote && t(copyNote)}
        </span>
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
