import type { AutoTopupStatus, AutoTopupStatusLabel } from '@shop/domain';
import { autoTopupStatus } from './auto-topup-display';

/** A sign beside each status's name, so that the statuses differ by more than their words and colour. */
const SIGNS: Readonly<Record<AutoTopupStatusLabel, string>> = {
  active: '✓',
  paused: '❚❚',
  invalid: '!',
  rejected: '✕',
  deleted: '✕',
};

/** A top-up's status as a badge (spec §4 labels: active, paused, invalid top-up …): its sign (not read out) and its name. */
export function AutoTopupStatusBadge({ status, label }: { status: AutoTopupStatus; label: string }) {
  const shown = autoTopupStatus(status).label;
  return (
    <span
      className={`auto-topup-status auto-topup-status--${shown}`}
      data-testid="auto-topup-status"
      data-status={shown}
    >
      <span aria-hidden="true">{SIGNS[shown]}</span> {label}
    </span>
  );
}
