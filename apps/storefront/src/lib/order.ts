import 'server-only';
import type { TenantConfig } from '@shop/tenants';
import { callApi } from './api';
import type { OrderLookup, OrderView } from './checkout-api';

const CART_NAME = /^[\w-]{16,64}$/;
const ORDER_NUMBER = /^[\w-]{1,64}$/;

/** The order a result page names, read with its cart name (a guest's key to it). */
export async function lookUpOrder(
  tenant: TenantConfig,
  orderNumber: string | undefined,
  cartName: string | undefined,
): Promise<OrderLookup> {
  if (!orderNumber || !cartName || !ORDER_NUMBER.test(orderNumber) || !CART_NAME.test(cartName)) {
    return { kind: 'unknown' };
  }
  try {
    const response = await callApi(
      tenant,
      `/api/shop/rest/orders/${orderNumber}?cartName=${encodeURIComponent(cartName)}`,
    );
    if (response.status === 404 || response.status === 400) return { kind: 'unknown' };
    if (!response.ok) return { kind: 'unavailable' };
    return { kind: 'found', order: (await response.json()) as OrderView };
  } catch {
    return { kind: 'unavailable' };
  }
}
