import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { found, type StripeContext } from './context';
import { allowOnly, expansionsOf, metadataOf, optionalText, paramsOf } from './form';
import { nowInSeconds, stripeId } from './ids';

/** Customers: `POST /v1/customers`, `GET /v1/customers/:id`. */
export function customerRoutes(app: FastifyInstance, context: StripeContext): void {
  app.post('/customers', async (request) => {
    const params = paramsOf(request);
    allowOnly(params, ['email', 'name', 'description', 'phone', 'metadata', 'expand']);
    expansionsOf(params, []);
    const customer = newCustomer({
      email: optionalText(params, 'email', 512) ?? null,
      name: optionalText(params, 'name', 256) ?? null,
      description: optionalText(params, 'description') ?? null,
      phone: optionalText(params, 'phone', 20) ?? null,
      metadata: metadataOf(params),
    });
    context.customers.set(customer.id, customer);
    return customer;
  });

  app.get<{ Params: { id: string } }>('/customers/:id', async (request) => {
    const params = paramsOf(request);
    allowOnly(params, ['expand']);
    expansionsOf(params, []);
    return found(context.customers, request.params.id, 'customer');
  });
}

export function newCustomer(
  fields: Pick<Stripe.Customer, 'email' | 'name' | 'description' | 'phone' | 'metadata'>,
  id = stripeId('cus'),
): Stripe.Customer {
  return {
    id,
    object: 'customer',
    ...fields,
    address: null,
    balance: 0,
    created: nowInSeconds(),
    currency: null,
    default_source: null,
    delinquent: false,
    discount: null,
    invoice_prefix: id.slice(4, 12).toUpperCase(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
}
