import { beginCheckoutEvent, voucherDeliveryChoices } from '@shop/domain';
import { getTranslations } from 'next-intl/server';
import { chargeableSavedMethods, currentCart } from '../../lib/cart';
import { withReturn } from '../../lib/return-path';
import { currentShopper } from '../../lib/signed-in';
import { requireTenant } from '../../lib/tenant';
import { PaymentStep } from '../checkout/PaymentStep';
import { DataLayerEvent } from '../consent/DataLayerEvent';
import { CartView } from './CartView';

/** Methods paid on the payment page; a cash code is redeemed in a flow of its own. */
function paymentPageMethods(methods: readonly string[]): string[] {
  return methods.filter((method) => method !== 'cashcode');
}

const PAYMENT_PAGE = '/shop/checkout/payment';

/**
 * The cart page and the payment page share the cart; the payment page adds the payment form,
 * with a signed-in shopper's saved methods.
 */
export async function CheckoutPage({ step }: { step: 'cart' | 'payment' }) {
  const tenant = await requireTenant();
  const [t, cart, shopper] = await Promise.all([
    getTranslations('common'),
    currentCart(tenant),
    currentShopper(tenant),
  ]);
  const savedMethods = step === 'payment' && shopper.signedIn ? await chargeableSavedMethods(tenant) : [];
  return (
    <div className="checkout">
      <h1>{t(step === 'cart' ? 'cartTitle' : 'paymentTitle')}</h1>
      {step === 'cart' ? (
        <CartView
          initialCart={cart}
          allowPromoCodes={tenant.flags.allowPromoCodes}
          detailed={tenant.variations.hasDetailedCart}
          nextStep={PAYMENT_PAGE}
        />
      ) : (
        <>
          <DataLayerEvent event={cart ? beginCheckoutEvent(cart) : undefined} />
          <PaymentStep
            initialCart={cart}
            allowPromoCodes={tenant.flags.allowPromoCodes}
            detailed={tenant.variations.hasDetailedCart}
            methods={paymentPageMethods(tenant.paymentMethods)}
            cardBrands={tenant.acceptedCardBrands}
            hasMobileAppFlow={tenant.flags.hasMobileAppFlow}
            currency={tenant.currency}
            cartPage={tenant.flags.skipCartPageCheckout ? undefined : '/shop/checkout/cart'}
            offerAccount={!tenant.flags.isAuthDisabled && !shopper.signedIn}
            signedIn={shopper.signedIn}
            signInPath={withReturn('/login', PAYMENT_PAGE)}
            savedMethods={savedMethods}
            accountEmail={shopper.signedIn ? (shopper.profile?.email ?? undefined) : undefined}
            voucherChannels={voucherDeliveryChoices(tenant.variations.voucherDeliveryChannels)}
            phoneCountries={tenant.phoneCountryCodes}
            accountPhoneNumber={shopper.signedIn ? (shopper.profile?.phoneNumber ?? undefined) : undefined}
          />
        </>
      )}
    </div>
  );
}
