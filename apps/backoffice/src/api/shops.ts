import type { StaffShopsAnswer } from '@shop/domain/contract';
import { useQuery } from '@tanstack/react-query';
import { backofficeCall } from './http';

export type Shop = StaffShopsAnswer['items'][number];

/** The tenants the signed-in staff member works for; they change seldom, so kept for the session. */
export function useShops() {
  return useQuery({
    queryKey: ['shops'],
    queryFn: () => backofficeCall<StaffShopsAnswer>('GET', '/shops'),
    staleTime: Number.POSITIVE_INFINITY,
    select: (answer) => answer.items,
  });
}

/** The tenant's name where the list of tenants has it, else its id. */
export function useShopName(): (shopId: string | null) => string {
  const { data: shops = [] } = useShops();
  return (shopId) => (shopId === null ? '' : (shops.find((shop) => shop.shopId === shopId)?.name ?? shopId));
}
