import { cartNameSchema } from '@shop/domain/contract';
import { queryValue, type SearchParams } from './page-query';

/** The order a result page commits. */
export interface OrderToCommit {
  cartName: string;
  orderNumber: string;
  /**
   * PayPal's token from the return URL, when the shopper paid in its frame; for a free automatic
   * set-up, the saved method it charges.
   */
  paymentToken: string | undefined;
  /** The provider sent the shopper back from its Cancel (`status=CANCELLED`). */
  paymentCancelled: boolean;
}

const ORDER_NUMBER = /^[\w-]{1,64}$/;
const PAYMENT_TOKEN = /^[\w-]{1,128}$/;

/**
 * The order a result page names (`?cartName&orderNumber`), or undefined when the query names none
 * that could exist. Spec §4: PayPal in a frame returns its token as `approval_session_id` when the
 * method is saved, else as `token`; a free automatic set-up names its saved method as `paymentToken`.
 */
export function orderOfResultQuery(query: SearchParams): OrderToCommit | undefined {
  const cartName = queryValue(query, 'cartName');
  const orderNumber = queryValue(query, 'orderNumber');
  if (
    !cartName ||
    !orderNumber ||
    !cartNameSchema.safeParse(cartName).success ||
    !ORDER_NUMBER.test(orderNumber)
  ) {
    return undefined;
  }
  const token =
    queryValue(query, 'approval_session_id') ||
    queryValue(query, 'token') ||
    queryValue(query, 'paymentToken');
  return {
    cartName,
    orderNumber,
    paymentToken: token && PAYMENT_TOKEN.test(token) ? token : undefined,
    paymentCancelled: queryValue(query, 'status') === 'CANCELLED',
  };
}
