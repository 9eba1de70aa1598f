import type { Database } from '@shop/db';
import type { TenantConfig } from '@shop/tenants';
import type { FastifyBaseLogger } from 'fastify';
import type { AccountContext } from '../accounts/context';
import type { MessageGateway } from '../adapters/messages';
import type { PaymentProviders } from '../adapters/payment-providers';
import type { AppSession } from '../mobile-app/sessions';

/** The outside services and settings the checkout works with, fixed for the process. */
export interface CheckoutServices {
  db: Database;
  providers: PaymentProviders;
  messages: MessageGateway;
  /** Where the provider sends its webhooks (our `POST /api/webhooks/psp`). */
  webhookUrl: string;
}

/** One checkout request: the services, the tenant, the shop's origin and the time. */
export interface CheckoutContext extends CheckoutServices {
  tenant: TenantConfig;
  /** `http(s)://host[:port]` the shopper reached the shop at; return URLs start with it. */
  shopOrigin: string;
  now: Date;
  log: FastifyBaseLogger;
  /** Counts a one-time code about to go to this number against the abuse limits; 429 when used up. */
  allowCode: (phoneNumber: string) => Promise<void>;
  /** What opens an account at the contact step (createAccount); absent where no route offers it. */
  accounts?: AccountContext;
  /** The signed-in shopper's account (spec §6: Bearer on start-payment), whose history gets the order. */
  customerId?: string;
  /** The tenant's phone app opened this session (decision 0050): it vouches for its number. */
  appSession?: AppSession;
}
