import { IdempotencyStore } from '../idempotency';
import type { Balances } from './balances';
import type { RedeemRequest } from './validation';

/**
 * Cash codes a shopper bought in a store (a 12-digit code on the till receipt) and redeems onto
 * a number's balance. Deterministic on purpose, tests and demos rely on it:
 *
 * | code           | worth     | status      |
 * |----------------|-----------|-------------|
 * | `100000000500` | 5.00 EUR  | valid       |
 * | `100000001000` | 10.00 EUR | valid       |
 * | `100000002000` | 20.00 EUR | valid       |
 * | `100000005000` | 50.00 EUR | valid       |
 * | `440000001000` | 10.00 GBP | valid       |
 * | `999999999999` | 10.00 EUR | always used |
 *
 * Besides, every other 12-digit code starting with `20` is a valid 10.00 EUR code and one
 * starting with `21` a valid 10.00 GBP code, so repeated demo and test runs against one sandbox
 * can each redeem a fresh one. Every other code is
 * unknown. A code is redeemed once (in memory: a restart makes the demo codes valid again); the
 * same `clientReference` again answers the same redemption, another reference finds it used.
 */

export interface CashCodeValue {
  amount: number;
  currency: string;
}

export const DEMO_CASH_CODES: Readonly<Record<string, CashCodeValue & { alwaysUsed?: true }>> = {
  '100000000500': { amount: 500, currency: 'EUR' },
  '100000001000': { amount: 1000, currency: 'EUR' },
  '100000002000': { amount: 2000, currency: 'EUR' },
  '100000005000': { amount: 5000, currency: 'EUR' },
  '440000001000': { amount: 1000, currency: 'GBP' },
  '999999999999': { amount: 1000, currency: 'EUR', alwaysUsed: true },
};

/** Any other 12-digit code starting with one of these prefixes is a fresh code of that value. */
export const FRESH_CODES: Readonly<Record<string, CashCodeValue>> = {
  '20': { amount: 1000, currency: 'EUR' },
  '21': { amount: 1000, currency: 'GBP' },
};

export interface CashCode extends CashCodeValue {
  code: string;
  status: 'VALID' | 'USED';
  /** The number a code redeemed here went to, as the shop wrote it and as E.164. */
  redeemedFor?: { msisdn: string; msisdnAsSent: string };
}

export interface Redemption extends RedeemRequest, CashCodeValue {
  balanceAfter: number;
}

export type RedeemOutcome =
  | { kind: 'redeemed'; redemption: Redemption }
  | { kind: 'replay'; redemption: Redemption }
  | { kind: 'conflict' }
  | { kind: 'unknown' }
  | { kind: 'used' }
  | { kind: 'currency-mismatch'; code: CashCode; balanceCurrency: string };

/** What a code (spaces and dashes taken out) is worth; undefined for an unknown code. */
export function cashCodeValue(code: string): CashCodeValue | undefined {
  const demo = DEMO_CASH_CODES[code];
  if (demo) return { amount: demo.amount, currency: demo.currency };
  return /^\d{12}$/.test(code) ? FRESH_CODES[code.slice(0, 2)] : undefined;
}

export class CashCodes {
  readonly #balances: Balances;
  readonly #byReference = new IdempotencyStore<Redemption>();
  /** Codes redeemed so far, with their redemption. */
  readonly #redeemed = new Map<string, Redemption>();

  constructor(balances: Balances) {
    this.#balances = balances;
  }

  /** A code and whether it can still be redeemed; undefined for an unknown code. */
  find(code: string): CashCode | undefined {
    const value = cashCodeValue(code);
    if (!value) return undefined;
    const redemption = this.#redeemed.get(code);
    const used = DEMO_CASH_CODES[code]?.alwaysUsed === true || redemption !== undefined;
    return {
      code,
      ...value,
      status: used ? 'USED' : 'VALID',
      ...(redemption
        ? { redeemedFor: { msisdn: redemption.msisdn, msisdnAsSent: redemption.msisdnAsSent } }
        : {}),
    };
  }

  /** Credits the number with the code's value, once; errors are not remembered. */
  redeem(request: RedeemRequest): RedeemOutcome {
    const earlier = this.#byReference.lookup(request.clientReference, request);
    if (earlier.kind === 'conflict') return earlier;
    if (earlier.kind === 'replay') return { kind: 'replay', redemption: earlier.answer };
    const code = this.find(request.code);
    if (!code) return { kind: 'unknown' };
    if (code.status === 'USED') return { kind: 'used' };
    const balanceCurrency = this.#balances.get(request.msisdn).currency;
    if (code.currency !== balanceCurrency) return { kind: 'currency-mismatch', code, balanceCurrency };
    const balanceAfter = this.#balances.credit(request.msisdn, code.amount);
    const redemption: Redemption = { ...request, amount: code.amount, currency: code.currency, balanceAfter };
    this.#redeemed.set(code.code, redemption);
    this.#byReference.remember(request.clientReference, request, redemption);
    return { kind: 'redeemed', redemption };
  }
}

/** A redemption as callers see it. */
export function redemptionView(redemption: Redemption): Record<string, unknown> {
  return {
    status: 'REDEEMED',
    clientReference: redemption.clientReference,
    code: redemption.code,
    amount: redemption.amount,
    currency: redemption.currency,
    msisdn: redemption.msisdn,
    msisdnAsSent: redemption.msisdnAsSent,
    balanceAfter: redemption.balanceAfter,
  };
}
