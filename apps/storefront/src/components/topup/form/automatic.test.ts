import { parseMsisdn } from '@shop/domain';
import { cartItemSchema } from '@shop/domain/contract';
import { describe, expect, it } from 'vitest';
import {
  type AutomaticChoice,
  type AutomaticOffer,
  automaticCartItem,
  automaticFields,
  automaticFromFields,
  automaticProblems,
  automaticStart,
  describeChoice,
  setupGroups,
} from './automatic';
import { cartItem, type Offer } from './cart-item';
import { describeProblems, topupProblems } from './check';

const range = { min: 500, max: 10000, step: 100 };
/** funkfix: low balance, monthly or tariff; a fixed limit of 5 €. */
const funkfix: AutomaticOffer = {
  productId: 'funkfix-automatic',
  range,
  typeSets: [['LOW_BALANCE', 'MONTHLY', 'TARIFF']],
  lowBalanceLimit: 500,
};
/** alpenfunk: weekly or monthly, or low balance only; a fixed limit of 2 €. */
const alpenfunk: AutomaticOffer = {
  ...funkfix,
  typeSets: [['WEEKLY', 'MONTHLY'], ['LOW_BALANCE']],
  lowBalanceLimit: 200,
};
/** topnet: low balance only, at 1 £ or 2 £. */
const topnet: AutomaticOffer = { ...funkfix, typeSets: [['LOW_BALANCE']], lowBalanceLimit: [100, 200] };
/** ladeplatz: low balance, weekly or monthly; the shopper types the limit. */
const ladeplatz: AutomaticOffer = {
  ...funkfix,
  typeSets: [['LOW_BALANCE', 'WEEKLY', 'MONTHLY']],
  lowBalanceLimit: 'custom',
};

const choice = (offer: AutomaticOffer, patch: Partial<AutomaticChoice> = {}): AutomaticChoice => ({
  ...automaticStart(offer),
  ...patch,
});
const NUMBER = '+4917012345678';

describe('the automatic top-up the form sets up', () => {
  it('asks first for one of the tenant sets, or for one type where it has a single set', () => {
    expect(setupGroups(funkfix)).toEqual([['LOW_BALANCE'], ['MONTHLY'], ['TARIFF']]);
    expect(setupGroups(alpenfunk)).toEqual([['WEEKLY', 'MONTHLY'], ['LOW_BALANCE']]);
    expect(setupGroups(topnet)).toEqual([['LOW_BALANCE']]);
  });

  it('starts with the first type, the lowest limit of a choice, Monday and the 1st', () => {
    expect(automaticStart(funkfix)).toMatchObject({
      type: 'LOW_BALANCE',
      limit: '',
      weekday: 1,
      monthDay: 1,
    });
    expect(automaticStart(alpenfunk).type).toBe('WEEKLY');
    expect(automaticStart(topnet).limit).toBe('1');
  });

  it('builds a low-balance item at the fixed limit, with the tariff switch where tariff is offered', () => {
    const item = automaticCartItem(funkfix, choice(funkfix, { tariff: true }), NUMBER, 1500);
    expect(item).toEqual({
      productId: 'funkfix-automatic',
      amount: 1500,
      phoneNumber: NUMBER,
      autoTopupOption: 'LOW_BALANCE',
      lowBalanceOption: { lowBalanceLimit: 500, tariffEnabled: true },
    });
    expect(cartItemSchema.safeParse(item).success).toBe(true);
    const noTariff = automaticCartItem(
      alpenfunk,
      choice(alpenfunk, { type: 'LOW_BALANCE', tariff: true }),
      NUMBER,
      1500,
    );
    expect(noTariff.lowBalanceOption).toEqual({ lowBalanceLimit: 200 });
  });

  it('builds a tariff, a weekly and a monthly item, and one set up without a top-up now', () => {
    expect(automaticCartItem(funkfix, choice(funkfix, { type: 'TARIFF' }), NUMBER, 1000)).toMatchObject({
      autoTopupOption: 'TARIFF',
      lowBalanceOption: { tariffEnabled: true },
    });
    expect(automaticCartItem(alpenfunk, choice(alpenfunk, { weekday: 5 }), NUMBER, 1000)).toMatchObject({
      autoTopupOption: 'WEEKLY',
      recurringOption: { recurringType: 'WEEKLY', recurringDay: 5 },
    });
    const monthly = choice(funkfix, {
      type: 'MONTHLY',
      monthDay: 31,
      setupOnly: true,
      savedMethod: 'card-1',
    });
    expect(automaticCartItem(funkfix, monthly, NUMBER, 2000)).toEqual({
      productId: 'funkfix-automatic',
      amount: 2000,
      phoneNumber: NUMBER,
      autoTopupOption: 'MONTHLY',
      recurringOption: { recurringType: 'MONTHLY', recurringDay: 31 },
      setupOnly: true,
    });
  });

  it('takes a limit of the choice and a typed one in major units', () => {
    expect(automaticCartItem(topnet, choice(topnet, { limit: '2' }), NUMBER, 500).lowBalanceOption).toEqual({
      lowBalanceLimit: 200,
    });
    expect(
      automaticCartItem(ladeplatz, choice(ladeplatz, { limit: '3,50' }), NUMBER, 500).lowBalanceOption,
    ).toEqual({ lowBalanceLimit: 350 });
  });

  it('is the item of an automatic choice of the form, and none without its set-up', () => {
    const offer: Offer = { fixedAmounts: [], range: null, automatic: funkfix, sms: null, cashCode: null };
    const base = { topupType: 'AUTOMATIC' as const, amount: 1500, cashCode: '' };
    expect(cartItem(offer, { ...base, automatic: choice(funkfix) }, NUMBER, 1500)?.productId).toBe(
      'funkfix-automatic',
    );
    expect(cartItem(offer, base, NUMBER, 1500)).toBeUndefined();
  });
});

describe('the set-up checked before anything is sent', () => {
  it('finds nothing wrong with the start of each tenant but the one whose limit is typed', () => {
    for (const offer of [funkfix, alpenfunk, topnet])
      expect(automaticProblems(offer, choice(offer))).toEqual([]);
    expect(automaticProblems(ladeplatz, choice(ladeplatz))).toEqual([
      { field: 'lowBalanceLimit', key: 'lowBalanceLimitRequired' },
    ]);
  });

  it('refuses a typed limit outside 1.00 to 100.00 and a limit that is not one of the choice', () => {
    expect(automaticProblems(ladeplatz, choice(ladeplatz, { limit: '0,50' }))).toEqual([
      { field: 'lowBalanceLimit', key: 'lowBalanceLimitOutOfRange', min: 100, max: 10000 },
    ]);
    expect(automaticProblems(ladeplatz, choice(ladeplatz, { limit: '100' }))).toEqual([]);
    expect(automaticProblems(topnet, choice(topnet, { limit: '3' }))).toEqual([
      { field: 'lowBalanceLimit', key: 'lowBalanceLimitRequired' },
    ]);
  });

  it('refuses a type the tenant does not offer, a missing day and a set-up alone without a method', () => {
    expect(automaticProblems(topnet, choice(topnet, { type: 'WEEKLY' }))).toEqual([
      { field: 'autoType', key: 'autoTopupTypeRequired' },
    ]);
    expect(automaticProblems(alpenfunk, choice(alpenfunk, { weekday: 0 }))).toEqual([
      { field: 'schedule', key: 'weekdayRequired' },
    ]);
    expect(automaticProblems(funkfix, choice(funkfix, { type: 'MONTHLY', monthDay: 32 }))).toEqual([
      { field: 'schedule', key: 'monthDayRequired' },
    ]);
    expect(automaticProblems(funkfix, choice(funkfix, { setupOnly: true }))).toEqual([
      { field: 'savedMethod', key: 'savedMethodRequired' },
    ]);
  });

  it('names each problem by its field among the form problems, in the shopper language', () => {
    const offer: Offer = { fixedAmounts: [], range: null, automatic: ladeplatz, sms: null, cashCode: null };
    const input = {
      topupType: 'AUTOMATIC' as const,
      amount: null,
      otherAmount: '200',
      cashCode: '',
      automatic: choice(ladeplatz, { limit: '500' }),
    };
    const problems = topupProblems(offer, input, parseMsisdn('0170 1234567', ['de']));
    expect(problems).toEqual({
      amount: { key: 'amountOutOfRange', range },
      lowBalanceLimit: { key: 'lowBalanceLimitOutOfRange', min: 100, max: 10000 },
    });
    const t = (key: string, values?: Record<string, string>) =>
      `${key}${values ? JSON.stringify(values) : ''}`;
    expect(describeProblems(problems, t, (minor) => `${minor / 100} €`).lowBalanceLimit).toBe(
      'lowBalanceLimitOutOfRange{"min":"1 €","max":"100 €"}',
    );
    expect(
      topupProblems(offer, { ...input, automatic: undefined }, parseMsisdn('0170 1234567', ['de'])),
    ).toEqual({
      amount: { key: 'amountOutOfRange', range },
      autoType: { key: 'autoTopupTypeRequired' },
    });
  });
});

describe('the set-up as a post of the form sends it', () => {
  const fields = (values: Record<string, string>) => (name: string) => values[name];

  it('reads the set and the type of it, and reads a set of one type as that type', () => {
    expect(
      automaticFromFields(alpenfunk, fields({ autoGroup: '0', autoType: 'MONTHLY', monthDay: '29' })),
    ).toMatchObject({ type: 'MONTHLY', monthDay: 29 });
    expect(automaticFromFields(alpenfunk, fields({ autoGroup: '1', autoType: 'MONTHLY' }))?.type).toBe(
      'LOW_BALANCE',
    );
    expect(automaticFromFields(funkfix, fields({ autoGroup: '0', tariff: '1' }))).toMatchObject({
      type: 'LOW_BALANCE',
      tariff: true,
    });
  });

  it('has no set-up when the form had none, and a missing day the checks refuse', () => {
    expect(automaticFromFields(funkfix, fields({}))).toBeUndefined();
    const weekly = automaticFromFields(alpenfunk, fields({ autoGroup: '0', autoType: 'WEEKLY' }));
    expect(weekly?.weekday).toBe(0);
    expect(automaticProblems(alpenfunk, weekly)).toEqual([{ field: 'schedule', key: 'weekdayRequired' }]);
  });

  it('comes back in the query as it was sent, without a saved method', () => {
    const sent = choice(ladeplatz, { type: 'WEEKLY', weekday: 3, setupOnly: true, savedMethod: 'card-1' });
    const query = automaticFields(ladeplatz, sent);
    expect(query).toEqual({ autoGroup: '1', autoType: 'WEEKLY', weekday: '3', monthDay: '1' });
    expect(automaticFromFields(ladeplatz, fields(query))).toMatchObject({ type: 'WEEKLY', weekday: 3 });
  });

  it('describes the set-up for its summary', () => {
    expect(describeChoice(funkfix, choice(funkfix, { tariff: true }), 1500)).toEqual({
      type: 'LOW_BALANCE',
      amount: 1500,
      limit: 500,
      tariff: true,
      setupOnly: false,
    });
    expect(describeChoice(alpenfunk, choice(alpenfunk, { weekday: 7 }), 1000)).toMatchObject({
      type: 'WEEKLY',
      day: 7,
    });
  });
});

describe('a light top-up (decision 0042)', () => {
  const lightOffer: AutomaticOffer = { ...funkfix, lightProductId: 'funkfix-automatic-light' };

  it('is the light product, named light, set up alone, and needs no saved method', () => {
    const light = choice(lightOffer, { type: 'LOW_BALANCE', light: true });
    expect(automaticCartItem(lightOffer, light, '+4917012345678', 1500)).toEqual({
      productId: 'funkfix-automatic-light',
      amount: 1500,
      phoneNumber: '+4917012345678',
      autoTopupOption: 'LOW_BALANCE',
      autoTopupLight: true,
      lowBalanceOption: { lowBalanceLimit: 500 },
    });
    expect(automaticProblems(lightOffer, { ...light, setupOnly: true, savedMethod: '' })).toEqual([]);
  });

  it('is a plain automatic top-up where the shop offers no light one, or for a schedule', () => {
    const light = choice(funkfix, { type: 'LOW_BALANCE', light: true });
    expect(automaticCartItem(funkfix, light, '+4917012345678', 1500).productId).toBe('funkfix-automatic');
    const monthly = choice(lightOffer, { type: 'MONTHLY', light: true });
    expect(automaticCartItem(lightOffer, monthly, '+4917012345678', 1500)).not.toHaveProperty(
      'autoTopupLight',
    );
  });
});
