import type { TenantConfig } from '@shop/tenants';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../adapters/mailer';
import type { Operator } from '../adapters/operator';
import type { CheckoutServices } from '../checkout/context';
import type { JobQueue } from '../jobs/queue';
import type { PinCipher } from '../vouchers/pin-crypto';

/** What committing an order works with. */
export interface FulfilmentServices extends CheckoutServices {
  operator: Operator;
  mailer: Mailer;
  pins: PinCipher;
  /** How long a commit holds an order before another may take over; default 30 s. */
  commitLeaseMs?: number;
  /** Where follow-up work goes: the sending of voucher PINs by SMS or WhatsApp. */
  jobs: Pick<JobQueue, 'send'>;
  log: FastifyBaseLogger;
}

export interface FulfilmentContext extends FulfilmentServices {
  tenant: TenantConfig;
}
