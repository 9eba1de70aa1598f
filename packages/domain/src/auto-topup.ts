// ---------------------------------------------------------------------------------------------
// Automatic top-ups: what a shopper sets up, its statuses, and when the engine tops up.
// ---------------------------------------------------------------------------------------------

/** Spec §3: what the shopper set up (autoTopupType). */
export const AUTO_TOPUP_TYPES = ['LOW_BALANCE', 'WEEKLY', 'MONTHLY', 'TARIFF', 'RECURRING'] as const;
export type AutoTopupType = (typeof AUTO_TOPUP_TYPES)[number];

/** Spec §3 top-up kinds (topupType): the family a type belongs to. */
export type AutoTopupFamily = 'LOW_BALANCE' | 'RECURRING';

/** The family of a type: low balance and tariff renewal react to the operator, the rest run on a schedule. */
export function familyOf(type: AutoTopupType): AutoTopupFamily {
  return type === 'LOW_BALANCE' || type === 'TARIFF' ? 'LOW_BALANCE' : 'RECURRING';
}

/** The statuses of an automatic top-up. */
export const AUTO_TOPUP_STATUSES = [
  'ENABLED',
  'DISABLED',
  'DELETED',
  'INVALID_AFTER_ENABLED',
  'INVALID_AFTER_DISABLED',
  'INVALID',
  'REJECTED',
] as const;
export type AutoTopupStatus = (typeof AUTO_TOPUP_STATUSES)[number];

/** The six statuses the account list asks for (all but DELETED), in this order. */
export const AUTO_TOPUP_LIST_STATUSES: readonly AutoTopupStatus[] = [
  'ENABLED',
  'DISABLED',
  'INVALID_AFTER_ENABLED',
  'INVALID_AFTER_DISABLED',
  'INVALID',
  'REJECTED',
];

/** How the storefront labels a status (spec §4): ENABLED active, DISABLED paused, both INVALID_AFTER_* and INVALID invalid, REJECTED rejected, DELETED deleted. */
export type AutoTopupStatusLabel = 'active' | 'paused' | 'invalid' | 'rejected' | 'deleted';

const LABEL_OF_STATUS: Readonly<Record<AutoTopupStatus, AutoTopupStatusLabel>> = {
  ENABLED: 'active',
  DISABLED: 'paused',
  DELETED: 'deleted',
  INVALID_AFTER_ENABLED: 'invalid',
  INVALID_AFTER_DISABLED: 'invalid',
  INVALID: 'invalid',
  REJECTED: 'rejected',
};

/** The label the storefront shows for a status. */
export function statusLabel(status: AutoTopupStatus): AutoTopupStatusLabel {
  return LABEL_OF_STATUS[status];
}

/** What the shopper (activate, pause, delete) or the engine (invalidate) does to an automatic top-up. */
export type AutoTopupAction = 'activate' | 'pause' | 'delete' | 'invalidate';

/** The transition table: the status an action leads to, for every status; absent = not allowed. */
export const AUTO_TOPUP_TRANSITIONS: Readonly<
  Record<AutoTopupStatus, Readonly<Partial<Record<AutoTopupAction, AutoTopupStatus>>>>
> = {
  ENABLED: { pause: 'DISABLED', delete: 'DELETED', invalidate: 'INVALID_AFTER_ENABLED' },
  DISABLED: { activate: 'ENABLED', delete: 'DELETED', invalidate: 'INVALID_AFTER_DISABLED' },
  // The shopper repairs an invalid top-up (e.g. with a new card) by activating it again.
  INVALID_AFTER_ENABLED: { activate: 'ENABLED', delete: 'DELETED' },
  INVALID_AFTER_DISABLED: { activate: 'ENABLED', delete: 'DELETED' },
  INVALID: { delete: 'DELETED' },
  REJECTED: { delete: 'DELETED' },
  DELETED: {},
};

export type Transition = { ok: true; status: AutoTopupStatus; changed: boolean } | { ok: false };

/** The status each action asks for where it is already there, which then changes nothing. */
const ALREADY: Readonly<Partial<Record<AutoTopupAction, AutoTopupStatus>>> = {
  activate: 'ENABLED',
  pause: 'DISABLED',
};

/** What an action does to a status: same status again is allowed and changes nothing (activate on ENABLED, pause on DISABLED); `pause` only where the tenant allows pausing. */
export function applyAutoTopupAction(
  status: AutoTopupStatus,
  action: AutoTopupAction,
  rules: { pauseAllowed: boolean },
): Transition {
  if (action === 'pause' && !rules.pauseAllowed) return { ok: false };
  if (ALREADY[action] === status) return { ok: true, status, changed: false };
  const next = AUTO_TOPUP_TRANSITIONS[status][action];
  return next === undefined ? { ok: false } : { ok: true, status: next, changed: true };
}

/** Whether the status lets the engine charge (ENABLED only). */
export function isRunnable(status: AutoTopupStatus): boolean {
  return status === 'ENABLED';
}

/** Map a requested target status (as PUT /api/topup/autotopup sends it: ENABLED, DISABLED or DELETED) to an action; undefined for any other status. */
export function actionForStatus(status: string): AutoTopupAction | undefined {
  switch (status) {
    case 'ENABLED':
      return 'activate';
    case 'DISABLED':
      return 'pause';
    case 'DELETED':
      return 'delete';
    default:
      return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// The tenant's offer (tenant config topup.options.allowedTypes and topup.lowBalanceLimit).
// ---------------------------------------------------------------------------------------------

/** Whether the tenant offers this type (RECURRING counts as offered when WEEKLY or MONTHLY is). */
export function isTypeOffered(type: AutoTopupType, allowedTypes: readonly (readonly string[])[]): boolean {
  const offered = allowedTypes.flat();
  if (type === 'RECURRING') return offered.includes('WEEKLY') || offered.includes('MONTHLY');
  return offered.includes(type);
}

/** The bounds of a limit the shopper enters where the tenant's limit is 'custom', minor units. */
export const CUSTOM_LOW_BALANCE_LIMIT_MIN = 100;
export const CUSTOM_LOW_BALANCE_LIMIT_MAX = 10_000;

/** The low-balance limit the shopper may choose: a fixed limit must equal it, a list must contain it, 'custom' takes any whole amount from 100 to 10000 minor units, null offers none. Returns the limit to store or undefined when refused. */
export function acceptedLowBalanceLimit(
  requested: number | undefined,
  offered: number | readonly number[] | 'custom' | null,
): number | undefined {
  if (offered === null) return undefined;
  if (typeof offered === 'number')
    return requested === undefined || requested === offered ? offered : undefined;
  if (requested === undefined) return undefined;
  if (offered === 'custom') {
    return Number.isInteger(requested) &&
      requested >= CUSTOM_LOW_BALANCE_LIMIT_MIN &&
      requested <= CUSTOM_LOW_BALANCE_LIMIT_MAX
      ? requested
      : undefined;
  }
  return offered.includes(requested) ? requested : undefined;
}

// ---------------------------------------------------------------------------------------------
// Low balance: one top-up per dip under the limit.
// ---------------------------------------------------------------------------------------------

/** After this long a balance still under the limit counts as a new dip. */
export const LOW_BALANCE_REARM_MS = 10 * 60_000;

/** What the engine remembers of the last dip of one automatic top-up. */
export interface DipState {
  triggeredAt: Date | null;
  /** set when an event showed a balance at or above the limit since the last trigger */
  rearmed: boolean;
}

export type LowBalanceDecision =
  | { kind: 'top-up'; next: DipState }
  | { kind: 'above-limit'; next: DipState }
  | { kind: 'same-dip'; next: DipState };

/** A low-balance event: top up when the balance is under the limit and this is a new dip (no trigger yet, or the balance rose to the limit or above since, or ten minutes have passed since the last trigger). A balance at/above the limit tops up nothing and re-arms. Our own top-up's result does not re-arm: only what the operator reports does. */
export function decideLowBalance(
  event: { balance: number; at: Date },
  limit: number,
  state: DipState,
): LowBalanceDecision {
  if (event.balance >= limit) return { kind: 'above-limit', next: { ...state, rearmed: true } };
  const isNewDip =
    state.triggeredAt === null ||
    state.rearmed ||
    event.at.getTime() - state.triggeredAt.getTime() >= LOW_BALANCE_REARM_MS;
  return isNewDip
    ? { kind: 'top-up', next: { triggeredAt: event.at, rearmed: false } }
    : { kind: 'same-dip', next: state };
}

// ---------------------------------------------------------------------------------------------
// Charging: the shopper's monthly cap, and what follows a declined charge.
// ---------------------------------------------------------------------------------------------

/** Whether a charge of `amount` keeps this month's automatic charges within the cap. */
export function withinMonthlyCap(cap: number | null, chargedThisMonth: number, amount: number): boolean {
  return cap === null || chargedThisMonth + amount <= cap;
}

/** A declined charge is tried again once, this long after the decline. */
export const AUTO_TOPUP_RETRY_DELAY_MS = 60 * 60_000;

/** What follows a declined charge: the first attempt is retried once after the delay; a second decline gives up (the top-up becomes invalid). */
export function afterDecline(attempt: number): { kind: 'retry'; retryAfterMs: number } | { kind: 'give-up' } {
  return attempt < 2 ? { kind: 'retry', retryAfterMs: AUTO_TOPUP_RETRY_DELAY_MS } : { kind: 'give-up' };
}

/** Spec §3 lowBalanceType of an account: light if any top-up is a light one, normal if it has any, else none. */
export function lowBalanceTypeOf(rows: readonly { autoTopupLight: boolean }[]): 'light' | 'normal' | 'none' {
  if (rows.length === 0) return 'none';
  return rows.some((row) => row.autoTopupLight) ? 'light' : 'normal';
}
