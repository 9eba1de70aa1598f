import type { Database, Order, Payment, Transaction } from '@shop/db';
import type { CartItemOptions, OrderLineRecord } from '@shop/domain';
import type { TenantConfig } from '@shop/tenants';
import type { PaymentProviders } from '../adapters/payment-providers';
import type { JobQueue } from '../jobs/queue';

/** A cart line as a set-up sees it: its number and the options the shopper sent. */
export interface SetupCandidate {
  phoneNumber: string | null;
  options: CartItemOptions;
}

/** What keeping a set-up works with. */
export interface SetupServices {
  db: Database;
  providers: PaymentProviders;
  tenant: TenantConfig;
  jobs: Pick<JobQueue, 'send'>;
}

/** How the cart lines that ask for a set-up are checked and kept on the order. */
export interface SetupLines {
  /** Whether a cart item (its options) asks for this set-up. */
  isAskedFor(options: CartItemOptions): boolean;
  /** Whether it is kept on an account (signed in, or opened at the contact step). */
  readonly needsAccount: boolean;
  /** Refuses a line it cannot set up now: asked when the line is added and when its order is made. */
  check(tx: Database | Transaction, tenant: TenantConfig, line: SetupCandidate, now: Date): Promise<void>;
  /**
   * The options as the cart keeps them, when the shopper sent a secret with them (a PIN): checked
   * and replaced by its hash, so that no cart or order holds it. `field` names the item in a refusal.
   */
  seal?<T extends CartItemOptions>(options: T, field: string): Promise<T>;
  /** What the order's line keeps of the cart line for it. */
  snapshot(options: CartItemOptions): Partial<OrderLineRecord>;
  /** Whether an order's line charges a saved method later, so that a free order must name one. */
  chargesLater(line: OrderLineRecord): boolean;
}

/**
 * One kind of thing an order sets up for later: a saved method, an automatic top-up, an SMS
 * top-up, a light link used up. The cart, the order and the commit know set-ups only through
 * this interface and the registry (`setups/registry.ts`).
 */
export interface OrderSetup {
  readonly name: string;
  /** The cart lines that ask for it; none for a set-up that the payment asks for. */
  readonly lines?: SetupLines;
  /** Whether a delivered order (paid by `payment`) leaves this set-up to keep. */
  isLeftBy(order: Order, payment: Payment | undefined): boolean;
  /** Keeps it, once however often the commit runs; answers the order as the next set-ups see it. */
  keep(services: SetupServices, order: Order, payment: Payment | undefined, now: Date): Promise<Order>;
}
