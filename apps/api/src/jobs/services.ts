import type { TenantRegistry } from '@shop/tenants';
import type { FulfilmentServices } from '../fulfilment/context';

/** What the background jobs work with: every tenant, and the services of a commit. */
export interface EngineServices extends FulfilmentServices {
  tenants: TenantRegistry;
  shopUrlTemplate?: string | undefined;
}
