import type { TenantConfig } from '@shop/tenants';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../adapters/mailer';
import type { Operators } from '../adapters/operators';
import type { CheckoutServices } from '../checkout/context';
import type { JobQueue } from '../jobs/queue';
import type { PinCipher } from '../vouchers/pin-crypto';

/** What committing an order works with. */
export interface FulfilmentServices extends CheckoutServices {
  /** Each tenant's operator: top-ups, voucher PINs, cash codes. */
  operators: Operators;
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
