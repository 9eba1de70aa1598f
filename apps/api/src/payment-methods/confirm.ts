import type { ConfirmedPaymentTokenAnswer } from '@shop/domain/contract';
import type { PaymentMethodContext } from './context';
import { purposeOf, type SavedMethod, settleToken, viewOf } from './tokens';

/** What finishing a cart with a newly saved method answers: the order and where the shopper goes. */
export type CartFinisher = (
  cartName: string,
  token: SavedMethod,
) => Promise<{ orderNumber: string; payerUrl: string }>;
/** Gives an automatic top-up this method (and activates it again if it had become invalid). */
export type AutoTopupRepairer = (autoTopupId: string, token: SavedMethod) => Promise<void>;

/**
 * POST …/payment-tokens/confirm, once the shopper is back from the provider (spec §4
 * payment-method flow): the method becomes usable, then by its purpose the cart's payment is
 * finished, the automatic top-up charges it from now on, or the shopper sees it among their
 * methods. Confirming again answers the same.
 */
export async function confirmToken(
  context: PaymentMethodContext,
  id: string,
  next: { finishCart: CartFinisher; repairAutoTopup: AutoTopupRepairer },
): Promise<ConfirmedPaymentTokenAnswer> {
  const token = await settleToken(context, id);
  const purpose = purposeOf(token);
  const paymentToken = await viewOf(context.db, token);
  const page = (path: string, query: Record<string, string>) => {
    const url = new URL(path, context.shopOrigin);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url.toString();
  };
  switch (purpose.kind) {
    case 'cart': {
      const { orderNumber, payerUrl } = await next.finishCart(purpose.cartName, token);
      return { payerUrl, context: 'cart', message: 'paymentMethodAdded', orderNumber, paymentToken };
    }
    case 'autoTopup':
      await next.repairAutoTopup(purpose.autoTopupId, token);
      return {
        payerUrl: page('/account/automatic-topups', { message: 'successfulModification' }),
        context: 'autoTopup',
        message: 'successfulModification',
        paymentToken,
      };
    case 'account':
      return {
        payerUrl: page('/account/settings/payment-methods', { message: 'paymentMethodAdded' }),
        context: 'account',
        message: 'paymentMethodAdded',
        paymentToken,
      };
  }
}
