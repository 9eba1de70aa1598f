import type { FastifyInstance } from 'fastify';
import { productNotAvailable } from './errors';
import { pageRequestOf, paginate } from './pagination';
import { productView } from './product-view';
import { CATALOGUE, matches, productById, productFilterOf } from './products';

/**
 * The catalogue (`products.ts`):
 *
 * - `GET /v1/products`, filtered by `type`, `service_id`, `subservice_id`, `country_iso_code`,
 *   `operator_id` and `benefit_types` (comma-separated), by id, paginated;
 * - `GET /v1/products/{product_id}`: one product, 404 (1003001) for an unknown id.
 */
export function productRoutes(api: FastifyInstance): void {
  api.get<{ Querystring: Record<string, unknown> }>('/products', async (request, reply) => {
    const page = pageRequestOf(request.query);
    const filter = productFilterOf(request.query);
    const products = CATALOGUE.filter((product) => matches(product, filter));
    return paginate(reply, products, page).map(productView);
  });

  api.get<{ Params: { product_id: string } }>('/products/:product_id', async (request) => {
    const { product_id: id } = request.params;
    const product = /^\d+$/.test(id) ? productById(Number(id)) : undefined;
    if (!product) throw productNotAvailable(id);
    return productView(product);
  });
}
