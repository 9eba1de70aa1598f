import { CheckoutPage } from '../../../../components/cart/CheckoutPage';

export default function CartPage() {
  return <CheckoutPage step="cart" />;
}
