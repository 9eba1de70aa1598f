import { CheckoutPage } from '../../../../components/cart/CheckoutPage';

export default function PaymentPage() {
  return <CheckoutPage step="payment" />;
}
