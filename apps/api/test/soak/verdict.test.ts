import { describe, expect, it } from 'vitest';
import { judge, type Ledgers } from './verdict';

/** The soak's verdict, shown to catch each way money or credit can go wrong. */

const ORDER = { id: 'o1', orderNumber: 'FUN-1', status: 'committed' };
const paidTopup = (): Ledgers => ({
  provider: [
    {
      paymentId: 'pay_1',
      status: 'CAPTURED',
      merchantReference: 'FUN-1-1',
      capturedAmount: 1500,
      refundedAmount: 0,
    },
  ],
  operator: [{ clientReference: 'FUN-1-1-1', status: 'SUCCEEDED', amount: 1500 }],
  orders: [ORDER],
  payments: [{ orderId: 'o1', reference: 'FUN-1-1' }],
  units: [
    { orderId: 'o1', reference: 'FUN-1-1-1', kind: 'ONCE_OFF', state: 'SUCCEEDED', price: 1500, pinId: null },
  ],
  pins: [],
});
const rulesOf = (ledgers: Ledgers) => judge(ledgers).violations.map((violation) => violation.rule);

describe('the soak verdict', () => {
  it('passes an order paid once and delivered once, and one refunded in full after a failed top-up', () => {
    const refunded = paidTopup();
    refunded.provider[0] = { ...(refunded.provider[0] as Ledgers['provider'][number]), refundedAmount: 1500 };
    refunded.operator[0] = { clientReference: 'FUN-1-1-1', status: 'FAILED', amount: 1500 };
    refunded.units[0] = { ...(refunded.units[0] as Ledgers['units'][number]), state: 'FAILED' };
    expect(rulesOf(paidTopup())).toEqual([]);
    expect(rulesOf(refunded)).toEqual([]);
  });

  it('finds a charge without an order and money held but never taken or released', () => {
    const ledgers = paidTopup();
    ledgers.provider.push(
      {
        paymentId: 'pay_2',
        status: 'CAPTURED',
        merchantReference: 'FUN-9-1',
        capturedAmount: 500,
        refundedAmount: 0,
      },
      {
        paymentId: 'pay_3',
        status: 'AUTHORIZED',
        merchantReference: 'FUN-1-2',
        capturedAmount: 0,
        refundedAmount: 0,
      },
    );
    ledgers.payments.push({ orderId: 'o1', reference: 'FUN-1-2' });
    expect(rulesOf(ledgers)).toEqual(['charge without an order', 'money held, neither taken nor released']);
  });

  it('finds credit given twice, given unpaid, given without an order, and claimed but never given', () => {
    const unpaid = paidTopup();
    unpaid.provider[0] = { ...(unpaid.provider[0] as Ledgers['provider'][number]), refundedAmount: 1500 };
    expect(rulesOf(unpaid)).toEqual(['delivered unpaid']);

    const stranger = paidTopup();
    stranger.operator.push({ clientReference: 'FUN-7-1-1', status: 'SUCCEEDED', amount: 1500 });
    expect(rulesOf(stranger)).toEqual(['credit without an order']);

    const claimed = paidTopup();
    claimed.operator[0] = { clientReference: 'FUN-1-1-1', status: 'FAILED', amount: 1500 };
    expect(rulesOf(claimed)).toEqual(['delivered in our records only', 'paid, not delivered']);

    const twice = paidTopup();
    twice.provider.push({
      paymentId: 'pay_4',
      status: 'CAPTURED',
      merchantReference: 'FUN-1-2',
      capturedAmount: 1500,
      refundedAmount: 0,
    });
    twice.payments.push({ orderId: 'o1', reference: 'FUN-1-2' });
    expect(rulesOf(twice)).toEqual(['paid, not delivered']);
  });

  it('finds a PIN sold twice and one sold but never delivered', () => {
    const ledgers = paidTopup();
    ledgers.orders.push({ id: 'o2', orderNumber: 'LAD-2', status: 'committed' });
    ledgers.units = [
      {
        orderId: 'o1',
        reference: 'FUN-1-1-1',
        kind: 'VOUCHER',
        state: 'SUCCEEDED',
        price: 1500,
        pinId: 'pin-1',
      },
      {
        orderId: 'o2',
        reference: 'LAD-2-1-1',
        kind: 'VOUCHER',
        state: 'FAILED',
        price: 1000,
        pinId: 'pin-1',
      },
    ];
    ledgers.operator = [];
    ledgers.pins = [{ id: 'pin-1', status: 'SOLD', orderId: 'o1' }];
    expect(rulesOf(ledgers)).toEqual(['PIN sold twice']);
    ledgers.units.reverse();
    expect(rulesOf(ledgers)).toContain('PIN sold, not delivered');
  });

  it('finds an order left open once the provider decided, and leaves one whose shopper is still paying', () => {
    const open = paidTopup();
    open.orders[0] = { ...ORDER, status: 'paid' };
    expect(rulesOf(open)).toEqual(['left open']);

    const paying = paidTopup();
    paying.orders[0] = { ...ORDER, status: 'paymentPending' };
    paying.provider[0] = {
      ...(paying.provider[0] as Ledgers['provider'][number]),
      status: 'PENDING',
      capturedAmount: 0,
    };
    paying.operator = [];
    paying.units[0] = { ...(paying.units[0] as Ledgers['units'][number]), state: 'PENDING' };
    expect(judge(paying)).toEqual({ violations: [], withTheShopper: 1 });
  });
});
