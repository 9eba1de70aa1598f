import pg from 'pg';

/**
 * The soak's verdict: the shop's orders held against the provider's and the operator's own
 * records. What the outside world says happened (money taken, credit given) is the truth the
 * shop's records must agree with.
 */

export interface ProviderPayment {
  paymentId: string;
  status: string;
  merchantReference: string;
  capturedAmount: number;
  refundedAmount: number;
}

export interface OperatorTopup {
  clientReference: string;
  status: string;
  amount: number;
}

export interface Ledgers {
  provider: ProviderPayment[];
  operator: OperatorTopup[];
  orders: { id: string; orderNumber: string; status: string }[];
  payments: { orderId: string; reference: string }[];
  units: {
    orderId: string;
    reference: string;
    kind: string;
    state: string;
    price: number;
    pinId: string | null;
  }[];
  pins: { id: string; status: string; orderId: string | null }[];
}

export interface Violation {
  rule: string;
  subject: string;
  detail: string;
}

const PENDING_ORDER = new Set(['paymentPending', 'paymentInit', 'paymentAuthorized', 'paid']);

/** Every rule the soak holds the shop to; an empty list is a pass. */
export function judge(ledgers: Ledgers): { violations: Violation[]; withTheShopper: number } {
  const violations: Violation[] = [];
  const flag = (rule: string, subject: string, detail: string) => violations.push({ rule, subject, detail });
  const paymentsByReference = new Map(ledgers.payments.map((payment) => [payment.reference, payment]));
  const topupsByReference = new Map(ledgers.operator.map((topup) => [topup.clientReference, topup]));
  const unitsByReference = new Map(ledgers.units.map((unit) => [unit.reference, unit]));
  const pinsById = new Map(ledgers.pins.map((pin) => [pin.id, pin]));

  const kept = new Map<string, number>();
  const providerOf = new Map<string, ProviderPayment[]>();
  for (const payment of ledgers.provider) {
    const net = payment.capturedAmount - payment.refundedAmount;
    if (payment.status === 'AUTHORIZED') {
      flag('money held, neither taken nor released', payment.paymentId, payment.merchantReference);
    }
    const ours = paymentsByReference.get(payment.merchantReference);
    if (!ours) {
      // A card saved on its own is checked by the provider, never charged.
      if (net > 0 || payment.status === 'AUTHORIZED') {
        flag('charge without an order', payment.paymentId, `${payment.merchantReference}: ${net} kept`);
      }
      continue;
    }
    kept.set(ours.orderId, (kept.get(ours.orderId) ?? 0) + net);
    providerOf.set(ours.orderId, [...(providerOf.get(ours.orderId) ?? []), payment]);
  }

  for (const topup of ledgers.operator) {
    if (topup.status === 'SUCCEEDED' && !unitsByReference.has(topup.clientReference)) {
      flag('credit without an order', topup.clientReference, `${topup.amount} credited`);
    }
  }

  const delivered = new Map<string, number>();
  const unitsOfPin = new Map<string, number>();
  const unitByPin = new Map<string, (typeof ledgers.units)[number]>();
  for (const unit of ledgers.units) {
    const topup = topupsByReference.get(unit.reference);
    let given: boolean;
    if (unit.pinId) {
      unitsOfPin.set(unit.pinId, (unitsOfPin.get(unit.pinId) ?? 0) + 1);
      if (!unitByPin.has(unit.pinId)) unitByPin.set(unit.pinId, unit);
      const pin = pinsById.get(unit.pinId);
      given = unit.state === 'SUCCEEDED' && pin?.status === 'SOLD' && pin.orderId === unit.orderId;
    } else if (unit.kind === 'VOUCHER') {
      given = unit.state === 'SUCCEEDED';
    } else {
      given = topup?.status === 'SUCCEEDED';
      if (unit.state === 'SUCCEEDED' && !given) {
        flag(
          'delivered in our records only',
          unit.reference,
          `the operator says ${topup?.status ?? 'nothing'}`,
        );
      }
    }
    if (given) delivered.set(unit.orderId, (delivered.get(unit.orderId) ?? 0) + unit.price);
  }
  for (const [pinId, count] of unitsOfPin) {
    if (count > 1) flag('PIN sold twice', pinId, `${count} order units`);
  }
  for (const pin of ledgers.pins) {
    const unit = unitByPin.get(pin.id);
    if (pin.status === 'SOLD' && unit?.state !== 'SUCCEEDED') {
      flag('PIN sold, not delivered', pin.id, `unit ${unit?.reference ?? 'none'}`);
    }
  }

  let withTheShopper = 0;
  for (const order of ledgers.orders) {
    const paid = kept.get(order.id) ?? 0;
    const given = delivered.get(order.id) ?? 0;
    if (paid > given) flag('paid, not delivered', order.orderNumber, `${paid} kept, ${given} delivered`);
    if (paid < given) flag('delivered unpaid', order.orderNumber, `${paid} kept, ${given} delivered`);
    if (!PENDING_ORDER.has(order.status)) continue;
    const atProvider = providerOf.get(order.id) ?? [];
    if (atProvider.length > 0 && atProvider.every((payment) => payment.status === 'PENDING')) {
      withTheShopper += 1;
    } else {
      flag(
        'left open',
        order.orderNumber,
        `${order.status}; provider: ${atProvider.map((p) => p.status).join(', ')}`,
      );
    }
  }
  return { violations, withTheShopper };
}

/**
 * The three records as they are now: the shop's database (its orders since `since`: the demo
 * data's past orders were never paid here), the provider's and the operator's.
 */
export async function readLedgers(databaseUrl: string, sandboxUrl: string, since: Date): Promise<Ledgers> {
  const json = async <T>(path: string) => {
    const response = await fetch(sandboxUrl + path);
    if (!response.ok) throw new Error(`sandbox ${path}: ${response.status}`);
    return (await response.json()) as T;
  };
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const rows = async <T>(text: string) => (await client.query(text, [since])).rows as T[];
    const soakOrders = 'select id from orders where created_at >= $1';
    return {
      provider: (await json<{ payments: ProviderPayment[] }>('/psp/payments')).payments,
      operator: (await json<{ topups: OperatorTopup[] }>('/operator/topups')).topups,
      orders: await rows(
        'select id, order_number as "orderNumber", status from orders where created_at >= $1',
      ),
      payments: await rows(
        `select order_id as "orderId", reference from payments where order_id in (${soakOrders})`,
      ),
      units: await rows(
        `select order_id as "orderId", reference, kind, state, price, voucher_pin_id as "pinId"
         from order_units where order_id in (${soakOrders})`,
      ),
      pins: await rows(
        `select id, status, order_id as "orderId" from voucher_pins
         where status <> 'AVAILABLE' and (order_id is null or order_id in (${soakOrders}))`,
      ),
    };
  } finally {
    await client.end();
  }
}
