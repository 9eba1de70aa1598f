import type { SmsTopupRow } from '@shop/domain/contract';
import { type SmsTopupStatusLabel, smsTopupStatus } from './sms-topup-display';

/** A sign beside each status's name, so that the statuses differ by more than their words and colour. */
const SIGNS: Readonly<Record<SmsTopupStatusLabel, string>> = {
  active: '✓',
  locked: '!',
};

/** A registration's status as a badge of the automatic top-ups' kind: its sign (not read out) and its name. */
export function SmsTopupStatusBadge({ status, label }: { status: SmsTopupRow['status']; label: string }) {
  const shown = smsTopupStatus(status).label;
  return (
    <span
      className={`auto-topup-status auto-topup-status--${shown}`}
      data-testid="sms-topup-status"
      data-status={shown}
    >
      <span aria-hidden="true">{SIGNS[shown]}</span> {label}
    </span>
  );
}
