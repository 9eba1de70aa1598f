import 'server-only';
import type { TenantConfig } from '@shop/tenants';
import { cookies } from 'next/headers';
import { callApi } from './api';

export interface CartLine {
  itemKey: string;
  productId: string;
  kind: string;
  brand: { brandId: string; name: string };
  amount: number;
  serviceFee: number;
  grossAmount: number;
  quantity: number;
  phoneNumber: string | null;
}

export interface DetailedCart {
  cartName: string;
  items: CartLine[];
  voucherCodes: string[];
  summary: {
    currency: string;
    voucherDiscounts: { code: string; amount: number }[];
    totalServiceFee: number;
    cartDiscountAmount: number;
    netAmount: number;
    totalPrice: number;
  };
}

/** The shopper's cart named by the cart cookie, or null when there is none (any more). */
export async function currentCart(tenant: TenantConfig): Promise<DetailedCart | null> {
  const cartName = (await cookies()).get('cartName')?.value;
  if (!cartName || !/^[\w-]{16,64}$/.test(cartName)) return null;
  const response = await callApi(tenant, `/api/shop/rest/v2/carts/${cartName}`);
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`Cart answered ${response.status}`);
  return (await response.json()) as DetailedCart;
}
