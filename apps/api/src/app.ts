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
import type { Operator } from './adapters/operator';
import { registerErrorHandling } from './http/errors';
import { tenantContext } from './http/tenant-context';
import { cartRoutes } from './routes/cart';
import { healthRoutes } from './routes/health';
import { numberLookupRoutes } from './routes/number-lookup';
import { productRoutes } from './routes/products';
import { translationRoutes } from './routes/translations';

export interface AppDependencies {
  tenants: TenantRegistry;
  db: Database;
  /** Throws when the database cannot be reached. */
  pingDatabase: () => Promise<void>;
  /** The mobile operator: number look-ups. */
  operator: Operator;
  logger?: FastifyServerOptions['logger'];
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;

export async function buildApp({ tenants, db, pingDatabase, operator, logger = false }: AppDependencies) {
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

  await app.register(healthRoutes, { ping: pingDatabase });
  await app.register(async (scoped) => {
    await scoped.register(tenantContext, { tenants });
    await scoped.register(translationRoutes);
    await scoped.register(numberLookupRoutes, { operator });
    await scoped.register(productRoutes, { db });
    await scoped.register(cartRoutes, { db });
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
