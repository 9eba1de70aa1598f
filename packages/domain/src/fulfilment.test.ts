import { describe, expect, it } from 'vitest';
import type { ProductKind } from './catalogue';
import {
  canMoveOrder,
  canReverseOrder,
  commitMessageKey,
  commitStatus,
  confirmedAmount,
  isDeliveryCovered,
  isUnitFinal,
  ORDER_TRANSITIONS,
  planUnits,
  type StoredOrderStatus,
  settledPaymentStatus,
  settlement,
} from './fulfilment';
import { ORDER_STATUSES } from './payment';

const line = (amount: number, quantity = 1, serviceFee = 0, kind: ProductKind = 'ONCE_OFF') => ({
  productId: `p-${amount}`,
  kind,
  amount,
  serviceFee,
  quantity,
  phoneNumber: '+4917012345678',
});

describe('planUnits', () => {
  it('makes one unit per quantity, each paid its face value and fee when nothing else applies', () => {
    const units = planUnits([line(1500, 2, 25), line(1000)], 4050);
    expect(units.map((unit) => [unit.lineIndex, unit.unitIndex, unit.faceValue, unit.price])).toEqual([
      [0, 0, 1500, 1525],
      [0, 1, 1500, 1525],
      [1, 0, 1000, 1000],
    ]);
  });

  it('spreads a discount or cart fee in proportion, the shares adding up to the total exactly', () => {
    for (const total of [3000, 2999, 2700, 3100, 1]) {
      const units = planUnits([line(1000, 3)], total);
      expect(units.reduce((sum, unit) => sum + unit.price, 0)).toBe(total);
      const prices = units.map((unit) => unit.price);
      expect(Math.max(...prices) - Math.min(...prices)).toBeLessThanOrEqual(1);
    }
    const uneven = planUnits([line(1000), line(3000)], 3600);
    expect(uneven.map((unit) => unit.price)).toEqual([900, 2700]);
  });

  it('prices every unit of a free order at 0', () => {
    expect(planUnits([line(1000, 2)], 0).map((unit) => unit.price)).toEqual([0, 0]);
  });

  it('makes no unit of an automatic or SMS set-up in an order of total 0, and delivers them when paid', () => {
    const setups = [line(1500, 1, 0, 'AUTOMATIC'), line(1500, 2, 0, 'SMS')];
    expect(planUnits(setups, 0)).toEqual([]);
    expect(planUnits([...setups, line(1000)], 0).map((unit) => unit.kind)).toEqual(['ONCE_OFF']);
    const freeSetups = [line(0, 1, 0, 'AUTOMATIC'), line(0, 1, 0, 'SMS')];
    expect(planUnits([line(1500), ...freeSetups], 1500).map((unit) => [unit.kind, unit.price])).toEqual([
      ['ONCE_OFF', 1500],
    ]);
    expect(planUnits(setups, 4500).map((unit) => [unit.kind, unit.price])).toEqual([
      ['AUTOMATIC', 1500],
      ['SMS', 1500],
      ['SMS', 1500],
    ]);
  });
});

describe('the money rule at delivery (decision 0017)', () => {
  const unit = (price: number, kind = 'ONCE_OFF') => ({ kind, price });

  it('delivers a unit only when the confirmed amount covers it on top of what went before', () => {
    expect(isDeliveryCovered(unit(1500), 1500, 0)).toBe(true);
    expect(isDeliveryCovered(unit(1500), 0, 0)).toBe(false);
    expect(isDeliveryCovered(unit(1500), 1499, 0)).toBe(false);
    expect(isDeliveryCovered(unit(1500), 3000, 1500)).toBe(true);
    expect(isDeliveryCovered(unit(1500), 2999, 1500)).toBe(false);
    for (const kind of ['ONCE_OFF', 'VOUCHER', 'AUTOMATIC', 'SMS']) {
      expect(isDeliveryCovered(unit(1, kind), 0, 0)).toBe(false);
    }
  });

  it('lets a cash code pay for itself, and a unit the tenant gave away at 0 leave without a payment', () => {
    expect(isDeliveryCovered(unit(1500, 'CASH_CODE'), 0, 0)).toBe(true);
    expect(isDeliveryCovered(unit(0), 0, 0)).toBe(true);
  });

  it('counts what the provider holds or kept, in the order currency only', () => {
    const payment = { amount: 2000, currency: 'EUR', refundedAmount: 0 };
    expect(confirmedAmount({ ...payment, status: 'AUTHORIZED' }, 'EUR')).toBe(2000);
    expect(confirmedAmount({ ...payment, status: 'CAPTURED' }, 'EUR')).toBe(2000);
    expect(confirmedAmount({ ...payment, status: 'CAPTURED', capturedAmount: 1500 }, 'EUR')).toBe(1500);
    expect(
      confirmedAmount(
        { ...payment, status: 'PARTIALLY_REFUNDED', capturedAmount: 2000, refundedAmount: 500 },
        'EUR',
      ),
    ).toBe(1500);
    for (const status of ['INITIATED', 'PENDING', 'DECLINED', 'CANCELLED', 'EXPIRED', 'FAILED', 'REFUNDED']) {
      expect(confirmedAmount({ ...payment, status }, 'EUR')).toBe(0);
    }
    expect(confirmedAmount({ ...payment, status: 'AUTHORIZED' }, 'GBP')).toBe(0);
    expect(confirmedAmount(undefined, 'EUR')).toBe(0);
  });
});

describe('commitStatus and settlement', () => {
  it('committed when all are delivered, refunded when none, partially committed between', () => {
    expect(commitStatus(['SUCCEEDED', 'SUCCEEDED'])).toBe('committed');
    expect(commitStatus(['FAILED', 'FAILED'])).toBe('refunded');
    expect(commitStatus(['SUCCEEDED', 'FAILED'])).toBe('partiallyCommitted');
    expect(commitMessageKey('refunded')).toBe('refunded');
    expect(commitMessageKey('partiallyCommitted')).toBe('partiallyCommittedMessage');
    expect(commitMessageKey('committed')).toBeNull();
  });

  it('charges what was delivered and gives back the rest', () => {
    const units = [
      { price: 1500, state: 'SUCCEEDED' as const },
      { price: 1000, state: 'FAILED' as const },
    ];
    expect(settlement(units, 2500)).toEqual({ charge: 1500, giveBack: 1000 });
    expect(settlement([{ price: 1000, state: 'FAILED' }], 1000)).toEqual({ charge: 0, giveBack: 1000 });
    expect(settlement([{ price: 1000, state: 'SUCCEEDED' }], 0)).toEqual({ charge: 0, giveBack: 0 });
  });

  it('reports the payment as charged, partly or wholly given back', () => {
    expect(settledPaymentStatus({ charge: 2500, giveBack: 0 })).toBe('CAPTURED');
    expect(settledPaymentStatus({ charge: 1500, giveBack: 1000 })).toBe('PARTIALLY_REFUNDED');
    expect(settledPaymentStatus({ charge: 0, giveBack: 2500 })).toBe('REFUNDED');
  });
});

describe('the order state machine', () => {
  const statuses = Object.keys(ORDER_TRANSITIONS);

  it('names only spec §4 statuses, never moves to itself, and ends in the commit outcomes', () => {
    for (const from of statuses) {
      expect(ORDER_STATUSES).toContain(from);
      for (const to of ORDER_TRANSITIONS[from as StoredOrderStatus] ?? []) {
        expect(ORDER_STATUSES).toContain(to);
        expect(to).not.toBe(from);
      }
    }
    for (const final of ['committed', 'partiallyCommitted', 'refunded']) {
      expect(ORDER_TRANSITIONS[final as StoredOrderStatus]).toEqual([]);
    }
  });

  it('moves a final order only by a reversal, and only towards less delivered', () => {
    expect(canReverseOrder('committed', 'refunded')).toBe(true);
    expect(canReverseOrder('committed', 'partiallyCommitted')).toBe(true);
    expect(canReverseOrder('partiallyCommitted', 'refunded')).toBe(true);
    expect(canReverseOrder('refunded', 'committed')).toBe(false);
    expect(canReverseOrder('paid', 'refunded')).toBe(false);
    expect(canMoveOrder('committed', 'refunded')).toBe(false);
  });

  it('counts a reversed unit as not delivered', () => {
    expect(isUnitFinal('REVERSED')).toBe(true);
    expect(commitStatus(['SUCCEEDED', 'REVERSED'])).toBe('partiallyCommitted');
    expect(commitStatus(['REVERSED'])).toBe('refunded');
    expect(settlement([{ price: 1000, state: 'REVERSED' }], 1000)).toEqual({ charge: 0, giveBack: 1000 });
  });

  it('reaches every status from paymentInit', () => {
    const reached = new Set(['paymentInit']);
    const queue = ['paymentInit'];
    while (queue.length > 0) {
      for (const next of ORDER_TRANSITIONS[queue.shift() as StoredOrderStatus] ?? []) {
        if (!reached.has(next)) {
          reached.add(next);
          queue.push(next);
        }
      }
    }
    expect([...reached].sort()).toEqual([...statuses].sort());
  });

  it('answers every pair by the table, and refuses statuses it does not know', () => {
    for (const from of statuses) {
      for (const to of statuses) {
        expect(canMoveOrder(from, to)).toBe(
          (ORDER_TRANSITIONS[from as StoredOrderStatus] ?? []).includes(to as StoredOrderStatus),
        );
      }
    }
    expect(canMoveOrder('committed', 'paid')).toBe(false);
    expect(canMoveOrder('paid', 'committed')).toBe(true);
    expect(canMoveOrder('nonsense', 'paid')).toBe(false);
  });
});
