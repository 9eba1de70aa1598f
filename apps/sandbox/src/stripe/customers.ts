import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { found, type StripeContext } from './context';
import { parameterInvalid } from './errors';
import {
  allowOnly,
  expansionsOf,
  metadataOf,
  optionalInteger,
  optionalText,
  paramsOf,
  requiredText,
} from './form';
import { nowInSeconds, stripeId } from './ids';

/**
 * Customers: `POST /v1/customers`, `GET /v1/customers/:id`, and `GET /v1/customers/search` with
 * the part of Stripe's search query language the shop uses: `metadata['key']:'value'` and
 * `email:'value'` clauses joined by ` AND ` (found at once; Stripe may take up to a minute).
 */
export function customerRoutes(app: FastifyInstance, context: StripeContext): void {
  app.get('/customers/search', async (request) => {
    const params = paramsOf(request);
    allowOnly(params, ['query', 'limit', 'page', 'expand']);
    expansionsOf(params, []);
    const matches = clausesOf(requiredText(params, 'query'));
    const limit = Math.min(Math.max(optionalInteger(params, 'limit') ?? 10, 1), 100);
    const found = [...context.customers.values()].filter((customer) =>
      matches.every((match) => match(customer)),
    );
    const result: Stripe.ApiSearchResult<Stripe.Customer> = {
      object: 'search_result',
      data: found.slice(0, limit),
      has_more: found.length > limit,
      next_page: null,
      url: '/v1/customers/search',
    };
    return result;
  });

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

const CLAUSE = /^(?:metadata\['([\w-]{1,40})'\]|(email)):'([^']{1,500})'$/;

/** The search query's clauses, each a test of a customer; anything else is Stripe's 400. */
function clausesOf(query: string): ((customer: Stripe.Customer) => boolean)[] {
  return query.split(' AND ').map((clause) => {
    const match = CLAUSE.exec(clause.trim());
    if (!match) throw parameterInvalid('query', `The sandbox cannot search for ${clause.trim()}.`);
    const [, key, email, value] = match;
    return email
      ? (customer) => customer.email === value
      : (customer) => customer.metadata[key ?? ''] === value;
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
