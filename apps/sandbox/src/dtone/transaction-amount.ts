import { amountOutOfRange, badRequest, productNotAvailable, unitInvalid } from './errors';
import { minorUnitsOf } from './money';
import { type Product, productById, RANGED_VALUES } from './products';
import type { TransactionRequest } from './transaction-request';

/**
 * What a transaction request buys and credits: the product, and its value (fixed products) or
 * the amount asked for (ranged products: `calculation_mode` names `destination` or `source`, in
 * the product's currency, within its range, at most two decimals). Source and destination are
 * the same here (`product-view.ts`), so either mode credits the amount sent.
 */

export interface Purchase {
  product: Product;
  /** What the number is credited, in minor units of the product's currency. */
  amount: number;
}

export function purchaseOf(request: TransactionRequest): Purchase {
  const product = productById(request.productId);
  if (!product) throw productNotAvailable(request.productId);
  if (product.value !== undefined) return { product, amount: Math.round(product.value * 100) };
  const mode = request.calculationMode;
  if (!mode) throw badRequest('calculation_mode is required for a ranged product');
  const name = mode === 'DESTINATION_AMOUNT' ? 'destination' : 'source';
  const requested = mode === 'DESTINATION_AMOUNT' ? request.destination : request.source;
  if (!requested) throw badRequest(`${name} is required when calculation_mode is ${mode}`);
  if (requested.unit !== product.currency) {
    throw unitInvalid(`${name}.unit must be ${product.currency} for product ${product.id}`);
  }
  const amount = minorUnitsOf(requested.amount);
  if (amount === undefined || amount < RANGED_VALUES.min * 100 || amount > RANGED_VALUES.max * 100) {
    throw amountOutOfRange(
      `${name}.amount must be from ${RANGED_VALUES.min} to ${RANGED_VALUES.max} in steps of ${RANGED_VALUES.increment}`,
    );
  }
  return { product, amount };
}
