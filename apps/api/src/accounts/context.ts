import type { Database } from '@shop/db';
import { DomainError, readUserName } from '@shop/domain';
import type { TenantConfig } from '@shop/tenants';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../adapters/mailer';
import type { MessageGateway } from '../adapters/messages';
import type { PinCipher } from '../vouchers/pin-crypto';

/** The services the account calls work with, fixed for the process. */
export interface AccountServices {
  db: Database;
  mailer: Mailer;
  messages: MessageGateway;
  /** To show voucher PINs of past orders again. */
  pins: PinCipher;
}

/** One account request: the services, the tenant, the time. */
export interface AccountContext extends AccountServices {
  tenant: TenantConfig;
  now: Date;
  log: FastifyBaseLogger;
  /** Counts a code about to go to this address or number against the abuse limits; 429 when used up. */
  allowCode: (recipient: string) => Promise<void>;
}

/** Tenants with isAuthDisabled have no accounts: every account call is refused as unauthorised. */
export function assertAccountsOffered(tenant: TenantConfig): void {
  if (tenant.flags.isAuthDisabled) {
    throw new DomainError('AUTHORIZATION_REQUIRED', 'This shop has no customer accounts');
  }
}

/** The user name as stored, or INVALID_USER_NAME. */
export function userNameOf(tenant: TenantConfig, input: string) {
  const user = readUserName(input, {
    phoneRegistration: tenant.flags.isPhoneRegistrationAllowed,
    phoneCountryCodes: tenant.phoneCountryCodes,
  });
  if (!user.ok) {
    throw new DomainError(
      'INVALID_USER_NAME',
      tenant.flags.isPhoneRegistrationAllowed
        ? 'userName must be an e-mail address or a mobile number of the shop’s countries'
        : 'userName must be an e-mail address',
    );
  }
  return user;
}
