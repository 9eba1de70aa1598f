import { isAmountInRange, type MsisdnResult, type PriceRange } from '@shop/domain';
import { automaticProblems } from './automatic';
import { isRedeeming, type Offer, rangeToCheck, setsUpOnly, type TopupChoice } from './cart-item';
import { minorUnits } from './money-input';
import type { FieldErrors, MoneyFormat } from './props';
import { smsProblems } from './sms';

/** What the shopper filled in, as the form (or its post before JavaScript) has it. */
export interface TopupInput extends TopupChoice {
  /** The typed amount, in major units as typed ("12,50"); used when no fixed amount is chosen. */
  otherAmount: string;
}

/** A problem with one field, translated where it is shown (the page's server or the browser). */
export type FieldProblem =
  | {
      key:
        | 'invalidPhoneNumber'
        | 'phoneCountryNotAllowed'
        | 'amountRequired'
        | 'cashCodeRequired'
        | 'autoTopupTypeRequired'
        | 'lowBalanceLimitRequired'
        | 'weekdayRequired'
        | 'monthDayRequired'
        | 'savedMethodRequired'
        | 'smsPinRequired';
    }
  | { key: 'amountOutOfRange'; range: PriceRange }
  | { key: 'lowBalanceLimitOutOfRange'; min: number; max: number };

export type TopupProblems = Partial<Record<keyof FieldErrors, FieldProblem>>;

/** The amount chosen or typed, minor units; null while there is none. */
export function chosenAmount(offer: Offer, input: TopupInput): number | null {
  if (input.amount !== null && !isRedeeming(offer, input.topupType)) return input.amount;
  return minorUnits(input.otherAmount);
}

/**
 * Checks the form before anything is sent: the number (as read), the amount, a cash code and an
 * automatic top-up's set-up.
 */
export function topupProblems(offer: Offer, input: TopupInput, number: MsisdnResult): TopupProblems {
  const problems: TopupProblems = {};
  if (!number.ok)
    problems.phone = {
      key: number.reason === 'COUNTRY_NOT_ALLOWED' ? 'phoneCountryNotAllowed' : 'invalidPhoneNumber',
    };
  const minor = chosenAmount(offer, input);
  const range = rangeToCheck(offer, input);
  if (setsUpOnly(input)) {
    // Nothing is topped up now: no amount is asked for.
  } else if (minor === null) problems.amount = { key: 'amountRequired' };
  else if (range && !isAmountInRange(minor, range)) problems.amount = { key: 'amountOutOfRange', range };
  if (isRedeeming(offer, input.topupType) && input.cashCode.trim() === '')
    problems.cashCode = { key: 'cashCodeRequired' };
  if (input.topupType === 'AUTOMATIC' && offer.automatic) {
    for (const { field, ...problem } of automaticProblems(offer.automatic, input.automatic))
      problems[field] ??= problem;
  }
  if (input.topupType === 'SMS' && offer.sms) {
    for (const { field, ...problem } of smsProblems(input.sms)) problems[field] ??= problem;
  }
  return problems;
}

/** The problems as the shopper reads them. */
export function describeProblems(
  problems: TopupProblems,
  t: (key: string, values?: Record<string, string>) => string,
  money: MoneyFormat,
): FieldErrors {
  const describe = (problem: FieldProblem) => {
    if (problem.key === 'amountOutOfRange') {
      const { min, max, step } = problem.range;
      return t(problem.key, { min: money(min), max: money(max), step: money(step) });
    }
    if (problem.key === 'lowBalanceLimitOutOfRange')
      return t(problem.key, { min: money(problem.min), max: money(problem.max) });
    return t(problem.key);
  };
  return Object.fromEntries(
    Object.entries(problems).map(([field, problem]) => [field, describe(problem)]),
  ) as FieldErrors;
}
