import { describe, expect, it } from 'vitest';
import { type LookupResult, OperatorUnavailableError } from '../adapters/operator';
import { createNumberOwners } from './number-owners';

const FUNKFIX = '+4917012345678';
const BLITZ = '+4915112345678';
const LANDLINE = '+4930123456';

/** An operator whose look-ups are counted, answered from the numbering plan, or fail while `down`. */
function fakeOperator() {
  const state = { calls: [] as string[], down: false };
  const lookup = async (msisdn: string): Promise<LookupResult> => {
    state.calls.push(msisdn);
    await Promise.resolve();
    if (state.down) throw new OperatorUnavailableError('down', 3);
    if (msisdn.startsWith('+49170')) {
      return { found: true, msisdn, country: 'de', brandId: 'funkfix', brandName: 'FunkFix' };
    }
    if (msisdn.startsWith('+49151')) {
      return { found: true, msisdn, country: 'de', brandId: 'blitzmobil', brandName: 'Blitz Mobil' };
    }
    return { found: false };
  };
  return { state, operator: { lookup } };
}

function clock() {
  let at = 1_000_000;
  return { now: () => at, pass: (ms: number) => (at += ms) };
}

describe('number owners (decision 0027)', () => {
  it('looks each distinct number up once, concurrent requests included', async () => {
    const { state, operator } = fakeOperator();
    const owners = createNumberOwners(operator);
    const [first, second] = await Promise.all([
      owners.ownersOf([FUNKFIX, BLITZ, FUNKFIX, LANDLINE]),
      owners.ownersOf([BLITZ]),
    ]);
    expect(state.calls.sort()).toEqual([BLITZ, FUNKFIX, LANDLINE].sort());
    expect(first).toEqual(
      new Map([
        [FUNKFIX, { kind: 'brand', brandId: 'funkfix', brandName: 'FunkFix' }],
        [BLITZ, { kind: 'brand', brandId: 'blitzmobil', brandName: 'Blitz Mobil' }],
        [LANDLINE, { kind: 'none' }],
      ]),
    );
    expect(second.get(BLITZ)).toMatchObject({ brandId: 'blitzmobil' });
  });

  it("remembers answers for the cart, the shopper's own check included, until they are too old", async () => {
    const { state, operator } = fakeOperator();
    const time = clock();
    const owners = createNumberOwners(operator, { ttlMs: 60_000, now: time.now });
    await owners.lookUp(FUNKFIX);
    await owners.ownersOf([FUNKFIX]);
    await owners.ownersOf([FUNKFIX]);
    expect(state.calls).toEqual([FUNKFIX]);
    time.pass(60_001);
    await owners.ownersOf([FUNKFIX]);
    expect(state.calls).toEqual([FUNKFIX, FUNKFIX]);
  });

  it("always asks the operator for the shopper's own check", async () => {
    const { state, operator } = fakeOperator();
    const owners = createNumberOwners(operator);
    await owners.ownersOf([FUNKFIX]);
    await owners.lookUp(FUNKFIX);
    expect(state.calls).toEqual([FUNKFIX, FUNKFIX]);
  });

  it('keeps at most maxEntries answers, forgetting the oldest', async () => {
    const { state, operator } = fakeOperator();
    const owners = createNumberOwners(operator, { maxEntries: 2 });
    await owners.ownersOf([FUNKFIX, BLITZ, LANDLINE]);
    await owners.ownersOf([BLITZ, LANDLINE]);
    expect(state.calls).toHaveLength(3);
    await owners.ownersOf([FUNKFIX]);
    expect(state.calls).toHaveLength(4);
  });

  it('answers unavailable in an outage, remembers nothing of it, and pauses before asking again', async () => {
    const { state, operator } = fakeOperator();
    const time = clock();
    const warnings: unknown[] = [];
    const owners = createNumberOwners(operator, {
      outagePauseMs: 10_000,
      now: time.now,
      log: { warn: (...args: unknown[]) => warnings.push(args) },
    });
    state.down = true;
    expect(await owners.ownersOf([FUNKFIX])).toEqual(new Map([[FUNKFIX, { kind: 'unavailable' }]]));
    expect(warnings).toHaveLength(1);
    expect(await owners.ownersOf([BLITZ])).toEqual(new Map([[BLITZ, { kind: 'unavailable' }]]));
    expect(state.calls).toEqual([FUNKFIX]);
    await expect(owners.lookUp(BLITZ)).rejects.toBeInstanceOf(OperatorUnavailableError);

    state.down = false;
    time.pass(10_001);
    expect((await owners.ownersOf([FUNKFIX])).get(FUNKFIX)).toMatchObject({ brandId: 'funkfix' });
    expect(state.calls).toEqual([FUNKFIX, BLITZ, FUNKFIX]);
  });

  it('lets other failures through: they are bugs, not outages', async () => {
    const owners = createNumberOwners({
      lookup: async () => {
        throw new TypeError('bug');
      },
    });
    await expect(owners.ownersOf([FUNKFIX])).rejects.toBeInstanceOf(TypeError);
  });
});
