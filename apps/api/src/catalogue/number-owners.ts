import { maskMsisdn, type NumberOwner, ownerFromLookup } from '@shop/domain';
import type { FastifyBaseLogger } from 'fastify';
import { type LookupResult, type Operator, OperatorUnavailableError } from '../adapters/operator';
import type { Operators } from '../adapters/operators';

export interface NumberOwnersOptions {
  /** How long an answer of the operator is taken as it was (docs/decisions/0027). */
  ttlMs?: number;
  /** The most answers kept; the oldest go first. */
  maxEntries?: number;
  /** After the operator failed to answer, how long the cart goes on without asking it. */
  outagePauseMs?: number;
  now?: () => number;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

/** The owners of numbers, from the operator's look-up, remembered for a short while. */
export interface NumberOwners {
  /**
   * Asks the operator now (the shopper's own check of a number) and remembers the answer for
   * the cart that usually follows. Throws `OperatorUnavailableError`.
   */
  lookUp(msisdn: string): Promise<LookupResult>;
  /**
   * The owner of each distinct number, for the cart's check: a remembered answer, else one
   * look-up per number (shared with any already under way); `unavailable` when the operator
   * cannot answer. Never throws for an outage.
   */
  ownersOf(msisdns: readonly string[]): Promise<Map<string, NumberOwner>>;
}

export function createNumberOwners(
  operator: Pick<Operator, 'lookup'>,
  {
    ttlMs = 5 * 60_000,
    maxEntries = 10_000,
    outagePauseMs = 15_000,
    now = Date.now,
    log,
  }: NumberOwnersOptions = {},
): NumberOwners {
  const answers = new Map<string, { result: LookupResult; until: number }>();
  const underWay = new Map<string, Promise<LookupResult>>();
  let pausedUntil = 0;

  function remember(msisdn: string, result: LookupResult) {
    answers.delete(msisdn);
    answers.set(msisdn, { result, until: now() + ttlMs });
    for (const oldest of answers.keys()) {
      if (answers.size <= maxEntries) break;
      answers.delete(oldest);
    }
  }

  function lookUp(msisdn: string): Promise<LookupResult> {
    const pending = underWay.get(msisdn);
    if (pending) return pending;
    const asking = operator
      .lookup(msisdn)
      .then(
        (result) => {
          remember(msisdn, result);
          pausedUntil = 0;
          return result;
        },
        (error: unknown) => {
          if (error instanceof OperatorUnavailableError) pausedUntil = now() + outagePauseMs;
          throw error;
        },
      )
      .finally(() => underWay.delete(msisdn));
    underWay.set(msisdn, asking);
    return asking;
  }

  async function ownerOf(msisdn: string): Promise<NumberOwner> {
    const known = answers.get(msisdn);
    if (known && known.until > now()) return ownerFromLookup(known.result);
    if (known) answers.delete(msisdn);
    if (pausedUntil > now() && !underWay.has(msisdn)) return { kind: 'unavailable' };
    try {
      return ownerFromLookup(await lookUp(msisdn));
    } catch (error) {
      if (!(error instanceof OperatorUnavailableError)) throw error;
      log?.warn(
        { err: error, msisdn: maskMsisdn(msisdn) },
        'number look-up unavailable: the cart goes on unchecked',
      );
      return { kind: 'unavailable' };
    }
  }

  return {
    lookUp,
    async ownersOf(msisdns) {
      const distinct = [...new Set(msisdns)];
      const owners = await Promise.all(distinct.map(ownerOf));
      return new Map(distinct.map((msisdn, index) => [msisdn, owners[index] as NumberOwner]));
    },
  };
}

/**
 * The number owners of each tenant, as its operator answers (decision 0070): the tenants on one
 * operator share its answers (the sandbox operator's are the same for all); a tenant on an
 * aggregator has its own, since its mapping table names the brands.
 */
export interface TenantNumberOwners {
  of(tenantId: string): NumberOwners;
}

export function createTenantNumberOwners(
  operators: Pick<Operators, 'of'>,
  options: NumberOwnersOptions = {},
): TenantNumberOwners {
  const byOperator = new Map<Pick<Operator, 'lookup'>, NumberOwners>();
  return {
    of(tenantId) {
      const operator = operators.of(tenantId);
      const known = byOperator.get(operator);
      if (known) return known;
      const owners = createNumberOwners(operator, options);
      byOperator.set(operator, owners);
      return owners;
    },
  };
}
