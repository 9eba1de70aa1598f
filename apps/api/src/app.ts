import { randomUUID } from 'node:crypto';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Database } from '@shop/db';
import type { TenantRegistry } from '@shop/tenants';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { MessageGateway } from './adapters/messages';
import type { Operator } from './adapters/operator';
import type { PaymentProvider } from './adapters/payment-provider';
import { registerErrorHandling } from './http/errors';
import { tenantContext } from './http/tenant-context';
import { cartRoutes } from './routes/cart';
import { checkoutRoutes } from './routes/checkout';
import { healthRoutes } from './routes/health';
import { numberLookupRoutes } from './routes/number-lookup';
import { productRoutes } from './routes/products';
import { translationRoutes } from './routes/translations';
import { webhookRoutes } from './routes/webhooks';

export interface AppDependencies {
  tenants: TenantRegistry;
  db: Database;
  /** Throws when the database cannot be reached. */
  pingDatabase: () => Promise<void>;
  /** The mobile operator: number look-ups. */
  operator: Operator;
  provider: PaymentProvider;
  /** The SMS / WhatsApp gateway. */
  messages: MessageGateway;
  /** The API's own public base URL: the payment provider's webhooks go to it. */
  publicUrl: string;
  logger?: FastifyServerOptions['logger'];
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;

export async function buildApp({
  tenants,
  db,
  pingDatabase,
  operator,
  provider,
  messages,
  publicUrl,
  logger = false,
}: AppDependencies) {
  const app = Fastify({
    logger,
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: '127.0.0.1',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  registerErrorHandling(app);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Prepaid shop API',
        description: 'Calls of the white-label top-up shop. Tenant-scoped calls need `X-Tenant-Id`.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const checkout = {
    db,
    provider,
    messages,
    webhookUrl: `${publicUrl.replace(/\/+$/, '')}/api/webhooks/psp`,
  };
  await app.register(healthRoutes, { ping: pingDatabase });
  await app.register(webhookRoutes, checkout);
  await app.register(async (scoped) => {
    await scoped.register(tenantContext, { tenants });
    await scoped.register(translationRoutes);
    await scoped.register(numberLookupRoutes, { operator });
    await scoped.register(productRoutes, { db });
    await scoped.register(cartRoutes, { db });
    await scoped.register(checkoutRoutes, checkout);
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
