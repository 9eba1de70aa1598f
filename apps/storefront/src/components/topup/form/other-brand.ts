import { encodeFilters } from '@shop/domain';
import { productListingSchema } from '@shop/domain/contract';
import { callShopApi } from '../../../lib/shop-api';

/** Whether one of the brand's once-off top-ups on sale takes the amount (minor units). */
async function takesAmount(brandId: string, amount: number): Promise<boolean> {
  const params = new URLSearchParams({
    filters: encodeFilters({ brand: brandId, kind: 'ONCE_OFF', status: 'ACTIVE', amount }),
    size: '1',
  });
  const result = await callShopApi(`/api/shop/rest/v1/products?${params}`, productListingSchema);
  return result.ok && result.data.metadata.totalCount > 0;
}

/**
 * The shop's page of another brand for a number of that brand, the number filled in, and the
 * amount too when one of that brand's top-ups takes it (the page reads `?msisdn=…&amount=…`,
 * the amount in major units). When the amount cannot be checked, it is left out.
 */
export async function brandPageLink(
  path: string,
  brandId: string,
  msisdn: string,
  amount: number | null,
): Promise<string> {
  const query = new URLSearchParams({ msisdn });
  if (amount !== null && (await takesAmount(brandId, amount))) query.set('amount', String(amount / 100));
  return `${path}?${query}`;
}
