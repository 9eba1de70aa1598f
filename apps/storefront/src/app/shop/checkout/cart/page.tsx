import { CheckoutPage } from '../../../../components/cart/CheckoutPage';
import { titledBy } from '../../../../lib/page-title';

export const generateMetadata = titledBy('cartLink');

export default function CartPage() {
  return <CheckoutPage step="cart" />;
}
