import type { Database } from '@shop/db';
import { CHANNELS, type Channel, type Currency, DEFAULT_CHANNEL } from '@shop/domain';
import type { FastifyRequest } from 'fastify';
import { type AppSession, appSessionOf } from '../mobile-app/sessions';
import { bearerToken } from './session';

/** Where and in what a request shops: its channel and currency, and the app session it came in. */
export interface SalesContext {
  /** Undefined for a channel that does not exist: nothing is offered there. */
  channel: Channel | undefined;
  currency: Currency;
  appSession?: AppSession;
}

/** Spec §7 X-Channel, default web. */
function headerChannel(header: string | string[] | undefined): Channel | undefined {
  const value = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase() || DEFAULT_CHANNEL;
  return CHANNELS.find((channel) => channel === value);
}

/**
 * The request's sales context: an app session (decision 0050) sells in the app's channel and
 * currency; any other request in the channel X-Channel names and the tenant's currency. Only a
 * tenant with the mobile-app flow and a bearer token costs a look-up.
 */
export async function salesContextOf(db: Database, request: FastifyRequest): Promise<SalesContext> {
  const { tenant } = request;
  const appSession = await appSessionOf(db, tenant, bearerToken(request), new Date());
  if (appSession) return { channel: 'app', currency: appSession.currency, appSession };
  return { channel: headerChannel(request.headers['x-channel']), currency: tenant.currency };
}
