import { CheckoutPage } from '../../../../components/cart/CheckoutPage';
import { titledBy } from '../../../../lib/page-title';

export const generateMetadata = titledBy('paymentTitle');

export default function PaymentPage() {
  return <CheckoutPage step="payment" />;
}
