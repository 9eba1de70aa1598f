import {
  acceptedLowBalanceLimit,
  CUSTOM_LOW_BALANCE_LIMIT_MAX,
  CUSTOM_LOW_BALANCE_LIMIT_MIN,
  isTypeOffered,
  isValidSchedule,
  type PriceRange,
} from '@shop/domain';
import type { CartItemRequest } from '@shop/domain/contract';
import type { SetupDescription, SetupType } from '../../../lib/auto-topup-setup';
import { AUTOMATIC_FIELDS } from './form-post';
import { minorUnits } from './money-input';

/** The automatic top-up a brand's form offers: its product, and the tenant's types and limit. */
export interface AutomaticOffer {
  productId: string;
  /** The light variant's product, where the tenant offers light top-ups (decision 0042). */
  lightProductId?: string;
  range: PriceRange;
  /** The tenant's sets of types (allowedTypes): the shopper picks a set, then a type of it. */
  typeSets: SetupType[][];
  /** Minor units: one fixed limit, a choice of limits, one the shopper types ('custom'), or none. */
  lowBalanceLimit: number | readonly number[] | 'custom' | null;
}

/** How the shopper set up the automatic top-up. */
export interface AutomaticChoice {
  type: SetupType;
  /** The low-balance limit in major units, as chosen or typed ("2", "3,50"); unused where it is fixed. */
  limit: string;
  /** LOW_BALANCE: also top up when the tariff renews (where the tenant offers tariff top-ups). */
  tariff: boolean;
  /** WEEKLY: Monday 1 … Sunday 7. */
  weekday: number;
  /** MONTHLY: 1–31. */
  monthDay: number;
  /** No top-up now: only the set-up, charged later to a saved method. */
  setupOnly: boolean;
  /** The saved method a set-up without a top-up now charges. */
  savedMethod: string;
  /** LOW_BALANCE, light: a link by SMS instead of a charge (decision 0042). */
  light: boolean;
}

/**
 * The choices of the form's "when" question: each set of the tenant, or, where it has one set,
 * each type of it. [['WEEKLY','MONTHLY'],['LOW_BALANCE']] is "on a schedule (weekly or monthly)"
 * or "when the balance runs low"; [['LOW_BALANCE','MONTHLY','TARIFF']] is one of the three.
 */
export function setupGroups(offer: Pick<AutomaticOffer, 'typeSets'>): SetupType[][] {
  const [only, ...others] = offer.typeSets;
  if (!only) return [];
  return others.length === 0 ? only.map((type) => [type]) : offer.typeSets;
}

/** The index of the group a type belongs to (0 when none does). */
export function groupOf(offer: Pick<AutomaticOffer, 'typeSets'>, type: SetupType): number {
  return Math.max(
    0,
    setupGroups(offer).findIndex((group) => group.includes(type)),
  );
}

/** Whether the tenant offers tariff top-ups: a low-balance top-up may then also follow the tariff. */
export const offersTariff = (offer: Pick<AutomaticOffer, 'typeSets'>) =>
  isTypeOffered('TARIFF', offer.typeSets);

const major = (minor: number) => String(minor / 100);

/** The form's start: the first type offered, the lowest limit of a choice, Monday, the 1st. */
export function automaticStart(offer: AutomaticOffer): AutomaticChoice {
  const limits = offer.lowBalanceLimit;
  return {
    type: setupGroups(offer)[0]?.[0] ?? 'LOW_BALANCE',
    limit: Array.isArray(limits) && limits[0] !== undefined ? major(limits[0]) : '',
    tariff: false,
    weekday: 1,
    monthDay: 1,
    setupOnly: false,
    savedMethod: '',
    light: false,
  };
}

/**
 * The choice as a post of the form (or the query it comes back with) has it; undefined when it has
 * none (the set-up was not on the page when it was sent). Where a field is missing the number is 0,
 * which the checks refuse, unless `start` fills it in (the form's own state).
 */
export function automaticFromFields(
  offer: AutomaticOffer,
  field: (name: string) => string | undefined,
  start?: AutomaticChoice,
): AutomaticChoice | undefined {
  const group = setupGroups(offer)[Number.parseInt(field(AUTOMATIC_FIELDS.group) ?? '', 10)];
  if (!group) return start;
  const requested = field(AUTOMATIC_FIELDS.type) as SetupType | undefined;
  const number = (name: string, fallback: number | undefined) => {
    const value = Number.parseInt(field(name) ?? '', 10);
    return Number.isInteger(value) ? value : (fallback ?? 0);
  };
  return {
    type: requested && group.includes(requested) ? requested : (group[0] ?? 'LOW_BALANCE'),
    limit: field(AUTOMATIC_FIELDS.limit) ?? start?.limit ?? '',
    tariff: field(AUTOMATIC_FIELDS.tariff) === '1',
    weekday: number(AUTOMATIC_FIELDS.weekday, start?.weekday),
    monthDay: number(AUTOMATIC_FIELDS.monthDay, start?.monthDay),
    setupOnly: field(AUTOMATIC_FIELDS.setupOnly) === '1',
    savedMethod: field(AUTOMATIC_FIELDS.savedMethod) ?? '',
    light: field(AUTOMATIC_FIELDS.light) === '1',
  };
}

/** The choice as fields of the query a post of the form comes back with. */
export function automaticFields(offer: AutomaticOffer, choice: AutomaticChoice): Record<string, string> {
  return {
    [AUTOMATIC_FIELDS.group]: String(groupOf(offer, choice.type)),
    [AUTOMATIC_FIELDS.type]: choice.type,
    ...(choice.limit ? { [AUTOMATIC_FIELDS.limit]: choice.limit } : {}),
    ...(choice.tariff ? { [AUTOMATIC_FIELDS.tariff]: '1' } : {}),
    ...(choice.weekday ? { [AUTOMATIC_FIELDS.weekday]: String(choice.weekday) } : {}),
    ...(choice.monthDay ? { [AUTOMATIC_FIELDS.monthDay]: String(choice.monthDay) } : {}),
    ...(choice.light ? { [AUTOMATIC_FIELDS.light]: '1' } : {}),
  };
}

/** The low-balance limit chosen (minor units): the tenant's fixed one, else the one chosen or typed. */
export function chosenLimit(offer: AutomaticOffer, choice: AutomaticChoice): number | undefined {
  if (typeof offer.lowBalanceLimit === 'number') return offer.lowBalanceLimit;
  return minorUnits(choice.limit) ?? undefined;
}

/** A problem of the set-up, named by its field. */
export type AutomaticProblem =
  | { field: 'autoType'; key: 'autoTopupTypeRequired' }
  | { field: 'lowBalanceLimit'; key: 'lowBalanceLimitRequired' }
  | { field: 'lowBalanceLimit'; key: 'lowBalanceLimitOutOfRange'; min: number; max: number }
  | { field: 'schedule'; key: 'weekdayRequired' | 'monthDayRequired' }
  | { field: 'savedMethod'; key: 'savedMethodRequired' };

/**
 * Checks the set-up by the rules the API applies (the domain's): a type the tenant offers, a limit
 * it accepts, a valid weekday or day of the month, and a saved method for a set-up without a
 * top-up now.
 */
export function automaticProblems(
  offer: AutomaticOffer,
  choice: AutomaticChoice | undefined,
): AutomaticProblem[] {
  if (!choice || !isTypeOffered(choice.type, offer.typeSets)) {
    return [{ field: 'autoType', key: 'autoTopupTypeRequired' }];
  }
  const problems: AutomaticProblem[] = [];
  if (choice.type === 'LOW_BALANCE') {
    const limit = chosenLimit(offer, choice);
    if (acceptedLowBalanceLimit(limit, offer.lowBalanceLimit) === undefined) {
      problems.push(
        offer.lowBalanceLimit === 'custom' && limit !== undefined
          ? {
              field: 'lowBalanceLimit',
              key: 'lowBalanceLimitOutOfRange',
              min: CUSTOM_LOW_BALANCE_LIMIT_MIN,
              max: CUSTOM_LOW_BALANCE_LIMIT_MAX,
            }
          : { field: 'lowBalanceLimit', key: 'lowBalanceLimitRequired' },
      );
    }
  }
  if (choice.type === 'WEEKLY' && !isValidSchedule({ type: 'WEEKLY', weekday: choice.weekday })) {
    problems.push({ field: 'schedule', key: 'weekdayRequired' });
  }
  if (choice.type === 'MONTHLY' && !isValidSchedule({ type: 'MONTHLY', day: choice.monthDay })) {
    problems.push({ field: 'schedule', key: 'monthDayRequired' });
  }
  if (choice.setupOnly && !choice.savedMethod && !isLightChoice(offer, choice)) {
    problems.push({ field: 'savedMethod', key: 'savedMethodRequired' });
  }
  return problems;
}

/** Whether the choice is a light top-up: a low-balance one, where the tenant offers light ones. */
export const isLightChoice = (offer: AutomaticOffer, choice: AutomaticChoice) =>
  choice.light && choice.type === 'LOW_BALANCE' && offer.lightProductId !== undefined;

/** The set-up as the summary sentence describes it. */
export function describeChoice(
  offer: AutomaticOffer,
  choice: AutomaticChoice,
  amount: number,
): SetupDescription {
  // A light top-up follows the balance only: a tariff renewal sends no link.
  const tariff =
    choice.type === 'LOW_BALANCE' && choice.tariff && offersTariff(offer) && !isLightChoice(offer, choice);
  return {
    type: choice.type,
    amount,
    ...(choice.type === 'LOW_BALANCE' ? { limit: chosenLimit(offer, choice), tariff } : {}),
    ...(choice.type === 'WEEKLY' ? { day: choice.weekday } : {}),
    ...(choice.type === 'MONTHLY' ? { day: choice.monthDay } : {}),
    setupOnly: choice.setupOnly || isLightChoice(offer, choice),
    ...(isLightChoice(offer, choice) ? { light: true } : {}),
  };
}

/**
 * The cart item of the set-up (spec §3 Cart item sent): the amount each run tops up, the type,
 * and its low-balance or recurring option; `setupOnly` when nothing is topped up now.
 */
export function automaticCartItem(
  offer: AutomaticOffer,
  choice: AutomaticChoice,
  phoneNumber: string,
  amount: number,
): CartItemRequest {
  const light = isLightChoice(offer, choice);
  const item: CartItemRequest = {
    productId: light && offer.lightProductId ? offer.lightProductId : offer.productId,
    amount,
    phoneNumber,
    autoTopupOption: choice.type,
    // A light top-up costs nothing now either: the API sets it up alone.
    ...(light ? { autoTopupLight: true } : choice.setupOnly ? { setupOnly: true } : {}),
  };
  switch (choice.type) {
    case 'LOW_BALANCE': {
      const tariff = choice.tariff && offersTariff(offer) && !light;
      return {
        ...item,
        lowBalanceOption: {
          lowBalanceLimit: chosenLimit(offer, choice),
          ...(tariff ? { tariffEnabled: true } : {}),
        },
      };
    }
    case 'TARIFF':
      return { ...item, lowBalanceOption: { tariffEnabled: true } };
    case 'WEEKLY':
      return { ...item, recurringOption: { recurringType: 'WEEKLY', recurringDay: choice.weekday } };
    case 'MONTHLY':
      return { ...item, recurringOption: { recurringType: 'MONTHLY', recurringDay: choice.monthDay } };
  }
}
