import { getTranslations } from 'next-intl/server';
import { currentCart } from '../../lib/cart';
import { requireTenant } from '../../lib/tenant';
import { CartView } from './CartView';

/** The cart page and the payment page share the cart; the payment methods follow there. */
export async function CheckoutPage({ step }: { step: 'cart' | 'payment' }) {
  const tenant = await requireTenant();
  const [t, cart] = await Promise.all([getTranslations('common'), currentCart(tenant)]);
  return (
    <div className="checkout">
      <h1>{t(step === 'cart' ? 'cartTitle' : 'paymentTitle')}</h1>
      {step === 'payment' && cart && <p>{t('paymentMethodsFollow')}</p>}
      <CartView
        initialCart={cart}
        allowPromoCodes={tenant.flags.allowPromoCodes}
        detailed={tenant.variations.hasDetailedCart}
        nextStep={step === 'cart' ? '/shop/checkout/payment' : undefined}
      />
    </div>
  );
}
