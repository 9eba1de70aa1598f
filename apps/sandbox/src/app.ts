import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { addressRoutes } from './address/routes';
import { DEFAULT_APP_KEYS, DEFAULT_SHOP_URL_TEMPLATE, parseAppKeys } from './app-simulator/entry-links';
import { appSimulatorRoutes } from './app-simulator/routes';
import { deviceIdRoutes } from './device-id/routes';
import type { DtoneOptions } from './dtone/options';
import { dtoneRoutes } from './dtone/routes';
import { idpRoutes } from './idp/routes';
import { MeasurementHits } from './measurement/hits';
import { measurementRoutes } from './measurement/routes';
import { createOperatorContext } from './operator/context';
import { type OperatorOptions, resolveOperatorOptions } from './operator/options';
import { operatorRoutes } from './operator/routes';
import { GatewayFailures } from './outbox/failures';
import { Outbox } from './outbox/messages';
import { outboxRoutes } from './outbox/routes';
import { DEFAULT_SMTP_HOST, MailServer } from './outbox/smtp';
import { type PspOptions, publicBaseUrlOf } from './psp/options';
import { pspRoutes } from './psp/routes';
import type { StripeOptions } from './stripe/options';
import { stripeRoutes } from './stripe/routes';
import type { TwilioOptions } from './twilio/options';
import { twilioRoutes } from './twilio/routes';

export interface SandboxOptions
  extends PspOptions,
    OperatorOptions,
    StripeOptions,
    TwilioOptions,
    DtoneOptions {
  logger?: FastifyServerOptions['logger'];
  /**
   * Port of the SMTP server. Default 0, any free port, so that tests can run sandboxes side by
   * side; `main.ts` listens on 2525 (`SANDBOX_SMTP_PORT`). `smtpPort()` tells the port taken.
   */
  smtpPort?: number;
  /** Address the SMTP server listens on. Default `127.0.0.1`. */
  smtpHost?: string;
  /** The app simulator's keys, `shopId:key` pairs (`APP_ENTRY_KEYS`); default callhome's. */
  appKeys?: string;
  /** The shops' address, `{shopId}` for the shop (`SHOP_URL_TEMPLATE`); default `http://{shopId}.localhost:3000`. */
  shopUrlTemplate?: string;
}

/** The sandbox app: a Fastify instance that also tells its SMTP server's port. */
export type SandboxApp = FastifyInstance & {
  /** The port the SMTP server listens on, once the app is ready (`listen`, `ready`, `inject`). */
  smtpPort(): number;
};

/**
 * The sandbox: payment provider (`/psp`), mobile operator (`/operator`), message outbox
 * (`/outbox`, plus an SMTP server), identity provider (`/idp`), postcode service (`/address`),
 * the tenants' measurement tools (`/measurement`), their fraud-prevention device-id script
 * (`/device-id`) and the calling-card tenant's phone app (`/app-simulator`) that the shop talks
 * to over real HTTP and SMTP; and stand-ins of real providers' APIs: Stripe (`/v1`, `/stripe`),
 * Twilio (`/twilio`, into the same outbox) and DT One (`/dtone`, on the operator's balances).
 * Each part registers its routes here. The SMTP server starts when the app is ready (`listen`,
 * `ready`, `inject`) and stops when it closes.
 */
export async function buildSandbox({
  logger = false,
  smtpPort = 0,
  smtpHost = DEFAULT_SMTP_HOST,
  pendingTopupDelayMs,
  slowAnswerDelayMs,
  holdSlowAnswer,
  operatorWebhookUrl,
  operatorWebhookSecret,
  appKeys = DEFAULT_APP_KEYS,
  shopUrlTemplate = DEFAULT_SHOP_URL_TEMPLATE,
  stripeWebhookUrl,
  stripeWebhookSecret,
  twilioAccountSid,
  twilioAuthToken,
  twilioIncomingNumbers,
  twilioStatusDelayMs,
  dtoneApiKey,
  dtoneApiSecret,
  ...psp
}: SandboxOptions = {}): Promise<SandboxApp> {
  const app: FastifyInstance = Fastify({ logger });
  const outbox = new Outbox();
  const failures = new GatewayFailures();
  const mail = new MailServer(outbox, { port: smtpPort, host: smtpHost, log: app.log });
  app.decorate('smtpPort', () => mail.port());
  app.addHook('onReady', () => mail.start());
  app.addHook('onClose', () => mail.stop());
  app.get('/health', async () => ({ status: 'ok' }));
  // One operator for the whole sandbox: the DT One stand-in credits the same balances.
  const operator = createOperatorContext(
    resolveOperatorOptions({
      pendingTopupDelayMs,
      slowAnswerDelayMs,
      holdSlowAnswer,
      operatorWebhookUrl,
      operatorWebhookSecret,
      webhookRetryDelaysMs: psp.webhookRetryDelaysMs,
      webhookTimeoutMs: psp.webhookTimeoutMs,
      webhookChaos: psp.webhookChaos,
    }),
    app.log,
  );
  app.addHook('preClose', async () => operator.close());
  await app.register(operatorRoutes, { prefix: '/operator', context: operator });
  await app.register(pspRoutes, { prefix: '/psp', ...psp });
  await app.register(outboxRoutes, { prefix: '/outbox', outbox, failures });
  await app.register(idpRoutes, { prefix: '/idp', publicBaseUrl: publicBaseUrlOf(psp) });
  await app.register(addressRoutes, { prefix: '/address' });
  await app.register(measurementRoutes, { prefix: '/measurement', hits: new MeasurementHits() });
  await app.register(appSimulatorRoutes, {
    prefix: '/app-simulator',
    appKeys: parseAppKeys(appKeys),
    shopUrlTemplate,
    defaultReturnUrl: `${publicBaseUrlOf(psp)}/app-simulator/return`,
  });
  await app.register(deviceIdRoutes, { prefix: '/device-id' });
  await app.register(stripeRoutes, {
    publicBaseUrl: publicBaseUrlOf(psp),
    stripeWebhookUrl,
    stripeWebhookSecret,
    webhookRetryDelaysMs: psp.webhookRetryDelaysMs,
    webhookTimeoutMs: psp.webhookTimeoutMs,
  });
  await app.register(twilioRoutes, {
    prefix: '/twilio',
    twilioAccountSid,
    twilioAuthToken,
    twilioIncomingNumbers,
    twilioStatusDelayMs,
    outbox,
    failures,
    webhookRetryDelaysMs: psp.webhookRetryDelaysMs,
    webhookTimeoutMs: psp.webhookTimeoutMs,
  });
  await app.register(dtoneRoutes, {
    prefix: '/dtone',
    operator,
    dtoneApiKey,
    dtoneApiSecret,
    webhookRetryDelaysMs: psp.webhookRetryDelaysMs,
    webhookTimeoutMs: psp.webhookTimeoutMs,
    webhookChaos: psp.webhookChaos,
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ code: 'NOT_FOUND', message: `No route ${request.method} ${request.url}` }),
  );
  return app as SandboxApp;
}
