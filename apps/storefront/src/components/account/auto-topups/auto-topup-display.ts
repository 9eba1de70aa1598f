import {
  type AutoTopupStatus,
  type AutoTopupStatusLabel,
  applyAutoTopupAction,
  defaultTokenName,
  formatDate,
  formatMoney,
  formatMsisdn,
  orderStatusGroup,
  periodKey,
  statusLabel,
} from '@shop/domain';
import type { AutoTopupRow, LightLinkState, PaymentToken } from '@shop/domain/contract';
import type { OrderFormat } from '../order-display';

/** How the automatic top-ups page writes its facts: as the orders do, plus the shop's time zone. */
export interface AutoTopupFormat extends OrderFormat {
  /** The zone of the tenant's country, in which scheduled top-ups run and dates are read. */
  timeZone: string;
}

/** A text to translate: its message key and the values of its placeholders. */
export interface Phrase {
  key: string;
  values: Record<string, string>;
}

/** The last day every month has: a monthly top-up on a later day runs on the last day of shorter months. */
const SHORTEST_MONTH = 28;

/**
 * What the top-up does, in one sentence: "15 € to +49 170 12340101 whenever the balance falls
 * below 5 €", "… every Monday", "… on the 31st of each month", "… when the tariff renews".
 */
export function autoTopupSentence(
  row: Pick<
    AutoTopupRow,
    | 'autoTopupType'
    | 'amount'
    | 'currency'
    | 'msisdn'
    | 'lowBalanceLimit'
    | 'tariffEnabled'
    | 'recurringDay'
    | 'autoTopupLight'
  >,
  format: Pick<OrderFormat, 'locale'>,
): Phrase {
  const money = (minor: number) => formatMoney(minor, row.currency, format.locale);
  const values = { amount: money(row.amount), number: formatMsisdn(row.msisdn) };
  if (row.autoTopupLight && row.lowBalanceLimit !== null) {
    return { key: 'autoTopupDoes_LIGHT', values: { ...values, limit: money(row.lowBalanceLimit) } };
  }
  switch (row.autoTopupType) {
    case 'LOW_BALANCE':
      if (row.lowBalanceLimit === null) return { key: 'autoTopupDoes_TARIFF', values };
      return {
        key: row.tariffEnabled ? 'autoTopupDoes_LOW_BALANCE_TARIFF' : 'autoTopupDoes_LOW_BALANCE',
        values: { ...values, limit: money(row.lowBalanceLimit) },
      };
    case 'TARIFF':
      return { key: 'autoTopupDoes_TARIFF', values };
    case 'WEEKLY':
      if (row.recurringDay === null) break;
      return { key: 'autoTopupDoes_WEEKLY', values: { ...values, weekday: String(row.recurringDay) } };
    case 'MONTHLY':
      if (row.recurringDay === null) break;
      return { key: 'autoTopupDoes_MONTHLY', values: { ...values, day: String(row.recurringDay) } };
    default:
      break;
  }
  return { key: 'autoTopupDoes_RECURRING', values };
}

/** Whether a monthly top-up's day is missing from shorter months, which then run on their last day. */
export const runsOnLastDayOfShortMonths = (row: Pick<AutoTopupRow, 'autoTopupType' | 'recurringDay'>) =>
  row.autoTopupType === 'MONTHLY' && row.recurringDay !== null && row.recurringDay > SHORTEST_MONTH;

/** The message key of the kind of top-up, shown above its number. */
export function autoTopupKindKey(row: Pick<AutoTopupRow, 'autoTopupType' | 'lowBalanceLimit'>): string {
  if (row.autoTopupType === 'LOW_BALANCE' && row.lowBalanceLimit === null) return 'autoTopupKind_TARIFF';
  return `autoTopupKind_${row.autoTopupType}`;
}

/** The label of a status (spec §4: active, paused, invalid top-up …) and its message key. */
export function autoTopupStatus(status: AutoTopupStatus): { label: AutoTopupStatusLabel; key: string } {
  const label = statusLabel(status);
  return { label, key: `autoTopupStatus_${label}` };
}

/** What the shopper may do with a top-up in its status; the domain's transition table decides. */
export interface AutoTopupActions {
  activate: boolean;
  /** Only where the tenant lets top-ups pause. */
  pause: boolean;
  /** The one-step cancellation. */
  cancel: boolean;
  /** Another saved method, and the monthly limit: for a top-up that runs or can run again. */
  edit: boolean;
  /** Whether choosing another method also activates it: the repair of an invalid top-up. */
  methodActivates: boolean;
}

export function autoTopupActions(
  status: AutoTopupStatus,
  rules: { pauseAllowed: boolean },
): AutoTopupActions {
  const changes = (action: 'activate' | 'pause' | 'delete') => {
    const transition = applyAutoTopupAction(status, action, rules);
    return transition.ok && transition.changed;
  };
  const activate = changes('activate');
  const label = statusLabel(status);
  const repairable = label === 'invalid' && activate;
  return {
    activate,
    pause: changes('pause'),
    cancel: changes('delete'),
    edit: label === 'active' || label === 'paused' || repairable,
    methodActivates: repairable,
  };
}

/** The calendar date an instant falls on in `timeZone` (the schedule's local date), as a date at midnight of this runtime. */
function dateIn(iso: string, timeZone: string): Date {
  const [year = 0, month = 1, day = 1] = periodKey(new Date(iso), timeZone).split('-').map(Number);
  return new Date(year, month - 1, day);
}

/**
 * A day as the shop writes dates (dd.mm.yyyy where the tenant has the European format), read in
 * the shop's time zone, so that the server's page and the browser's agree.
 */
export const autoTopupDate = (iso: string, format: AutoTopupFormat): string =>
  formatDate(dateIn(iso, format.timeZone), format.dateLocale, format.europeanDateFormat);

/** The next scheduled top-up with its weekday: "Montag, 01.12.2026". */
export function nextRunText(iso: string, format: AutoTopupFormat): string {
  const weekday = new Intl.DateTimeFormat(format.locale, {
    weekday: 'long',
    timeZone: format.timeZone,
  }).format(new Date(iso));
  return `${weekday}, ${autoTopupDate(iso, format)}`;
}

/**
 * A light top-up's live link: until when it opens the top-up, day and time in the shop's zone,
 * and whether its SMS is still on its way.
 */
export function lightLinkPhrase(link: LightLinkState, format: AutoTopupFormat): Phrase {
  const time = new Intl.DateTimeFormat(format.dateLocale, {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: format.timeZone,
  }).format(new Date(link.expiresAt));
  return {
    key: link.sentAt === null ? 'autoTopupLightLinkSending' : 'autoTopupLightLinkOpen',
    values: { until: `${autoTopupDate(link.expiresAt, format)} ${time}` },
  };
}

/** What this month's automatic top-ups that went through have charged, minor units. */
export const chargedThisMonth = (charges: AutoTopupRow['charges']): number =>
  charges
    .filter((charge) => orderStatusGroup(charge.orderStatus) === 'completed')
    .reduce((sum, charge) => sum + charge.amount, 0);

/** A saved method as the shopper recognises it: its name, and the card's brand and last digits. */
export function methodName(token: Pick<PaymentToken, 'name' | 'method' | 'cardBrand' | 'cardLast4'>): string {
  if (!token.cardLast4 || token.name.includes(token.cardLast4)) return token.name;
  return `${token.name} (${defaultTokenName(token.method, { brand: token.cardBrand, last4: token.cardLast4 })})`;
}

/** The saved methods a top-up can be charged to: the usable ones. */
export const usableMethods = (tokens: readonly PaymentToken[]): PaymentToken[] =>
  tokens.filter((token) => token.status === 'ACTIVE');

/**
 * The choice of methods for one top-up, its own first (where it is usable), and the one chosen at
 * first: its own, or for a repair (or when its own is no longer usable) the first other one.
 */
export function methodChoice(
  methods: readonly PaymentToken[],
  current: string,
  repair: boolean,
): { options: PaymentToken[]; others: PaymentToken[]; chosen: string | undefined } {
  const own = methods.filter((method) => method.id === current);
  const others = methods.filter((method) => method.id !== current);
  const chosen = repair || own.length === 0 ? others[0]?.id : current;
  return { options: [...own, ...others], others, chosen };
}

/** The highest monthly limit the API takes, minor units. */
export const MONTHLY_CAP_MAX = 10_000_000;

export type CapReading =
  | { ok: true; cap: number }
  | { ok: false; problem: 'capInvalid' | 'capTooLow' | 'capTooHigh' };

/**
 * A monthly limit as typed, in major units ("50", "50,00", "50.5"), read as minor units: it must
 * allow at least one top-up of `amount` and stay within what the API takes.
 */
export function readMonthlyCap(typed: string, amount: number): CapReading {
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(typed.trim().replace(/\s/g, ''));
  if (!match) return { ok: false, problem: 'capInvalid' };
  const cap = Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
  if (cap > MONTHLY_CAP_MAX) return { ok: false, problem: 'capTooHigh' };
  if (cap < amount || cap === 0) return { ok: false, problem: 'capTooLow' };
  return { ok: true, cap };
}

/** A limit in minor units as the field shows it to change: "50" or "50,50" in the shop's language. */
export function capInputValue(cap: number | null, locale: string): string {
  if (cap === null) return '';
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: cap % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  }).format(cap / 100);
}

/** The sign of a currency as the shop's language writes it: € or £. */
export function currencySymbol(currency: string, locale: string): string {
  const parts = new Intl.NumberFormat(locale, { style: 'currency', currency }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? currency;
}
