import type {
  AutoTopupRow,
  CustomerSearchQuery,
  StaffAutoTopupRequest,
  StaffCustomer,
  StaffCustomersAnswer,
} from '@shop/domain/contract';
import { useQuery } from '@tanstack/react-query';
import { backofficeCall } from '../api/http';
import { filtersQuery } from '../lib/filters';

export const customerKey = (customerId: string) => ['customer', customerId] as const;

export function useCustomers(
  filters: Partial<Pick<CustomerSearchQuery, 'shopId' | 'q'>>,
  page: { offset: number; size: number },
) {
  return useQuery({
    queryKey: ['customers', filters, page],
    queryFn: () =>
      backofficeCall<StaffCustomersAnswer>('GET', '/customers', {
        query: filtersQuery({ ...filters, ...page }),
      }),
    placeholderData: (previous) => previous,
  });
}

export function useCustomer(customerId: string) {
  return useQuery({
    queryKey: customerKey(customerId),
    queryFn: () => backofficeCall<StaffCustomer>('GET', `/customers/${encodeURIComponent(customerId)}`),
  });
}

/** Pauses, resumes or deletes an automatic top-up on the shopper's behalf. */
export const changeAutoTopup = (
  customerId: string,
  autoTopupId: string,
  status: StaffAutoTopupRequest['status'],
) =>
  backofficeCall<{ autoTopup: AutoTopupRow }>(
    'PUT',
    `/customers/${encodeURIComponent(customerId)}/auto-topups/${encodeURIComponent(autoTopupId)}`,
    { body: { status } },
  );
