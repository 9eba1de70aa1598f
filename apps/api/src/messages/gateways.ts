import type { Database } from '@shop/db';
import type { MessageProviderName } from '@shop/domain';
import type { TenantConfig, TenantRegistry } from '@shop/tenants';
import type { FastifyBaseLogger } from 'fastify';
import type { MessageGateway } from '../adapters/messages';
import type { TwilioAccount } from '../adapters/twilio/gateway';
import { recordDelivery } from './deliveries';

/** A tenant's gateway, and the name it is known by. */
export interface TenantGateway {
  name: MessageProviderName;
  gateway: MessageGateway;
}

export interface MessageGatewaySources {
  /** The sandbox gateway: one service for every tenant on it. */
  sandbox: MessageGateway;
  /** Twilio for one tenant's account; made once per tenant that uses it. */
  twilio: (tenant: TenantConfig, account: TwilioAccount) => MessageGateway;
  /** Reads the tenant's Twilio credentials from the environment variables its config names. */
  twilioAccountOf: (tenant: TenantConfig) => TwilioAccount;
}

/** The message gateway of every tenant (decision 0069), as its config names it. */
export interface MessageGateways {
  of(tenantId: string): TenantGateway;
  /** The tenant's Twilio account, for checking Twilio's webhooks; undefined when it is not on Twilio. */
  twilioAccountOf(tenantId: string): TwilioAccount | undefined;
}

export function createMessageGateways(
  tenants: TenantRegistry,
  sources: MessageGatewaySources,
): MessageGateways {
  const made = new Map<string, TenantGateway>();
  const tenantOf = (tenantId: string) => {
    const tenant = tenants.byId(tenantId);
    if (!tenant) throw new Error(`no tenant ${tenantId}`);
    return tenant;
  };

  return {
    of(tenantId) {
      const known = made.get(tenantId);
      if (known) return known;
      const tenant = tenantOf(tenantId);
      const gateway: TenantGateway =
        tenant.messageProvider.name === 'twilio'
          ? { name: 'twilio', gateway: sources.twilio(tenant, sources.twilioAccountOf(tenant)) }
          : { name: 'sandbox', gateway: sources.sandbox };
      made.set(tenantId, gateway);
      return gateway;
    },
    twilioAccountOf(tenantId) {
      const tenant = tenants.byId(tenantId);
      return tenant?.messageProvider.name === 'twilio' ? sources.twilioAccountOf(tenant) : undefined;
    },
  };
}

/**
 * The one gateway the flows send through: each message goes out through its tenant's gateway,
 * and what the gateway answered is kept with the message. A message that went out stays sent
 * even when keeping its record fails (it is logged), so no caller sends it twice.
 */
export function createShopMessageGateway({
  gateways,
  db,
  log,
}: {
  gateways: MessageGateways;
  db: Database;
  log: Pick<FastifyBaseLogger, 'warn'>;
}): MessageGateway {
  return {
    async send(message, options) {
      const { name, gateway } = gateways.of(message.shopId);
      const sent = await gateway.send(message, options);
      await recordDelivery(db, {
        tenantId: message.shopId,
        provider: name,
        providerMessageId: sent.providerMessageId,
        channel: message.channel,
        to: message.to,
        status: sent.status,
      }).catch((err: unknown) =>
        log.warn({ err, providerMessageId: sent.providerMessageId }, 'a sent message was not recorded'),
      );
      return sent;
    },
  };
}
