import type { Database } from '@shop/db';
import type { TenantConfig } from '@shop/tenants';
import type { FastifyBaseLogger } from 'fastify';
import type { Customer } from '../accounts/sessions';
import type { PaymentProviders } from '../adapters/payment-providers';
import type { JobQueue } from '../jobs/queue';

/** What the saved-payment-method calls work with, fixed for the process. */
export interface PaymentMethodServices {
  db: Database;
  providers: PaymentProviders;
  webhookUrl: string;
  /** Where a token to forget at the provider is sent (decision 0064). */
  jobs: Pick<JobQueue, 'send'>;
}

/** One call of the signed-in shopper about their saved methods. */
export interface PaymentMethodContext extends PaymentMethodServices {
  tenant: TenantConfig;
  customer: Customer;
  /** `http(s)://host[:port]` the shopper reached the shop at; the provider sends them back there. */
  shopOrigin: string;
  now: Date;
  log: FastifyBaseLogger;
}
