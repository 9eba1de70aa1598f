import { beginCheckoutEvent, savableMethodsOf, voucherDeliveryChoices } from '@shop/domain';
import { getLocale, getTranslations } from 'next-intl/server';
import { currentAppVisit } from '../../lib/app-session';
import { chargeableSavedMethods, currentCart } from '../../lib/cart';
import { deviceIdScriptUrl } from '../../lib/device-id-script';
import { withReturn } from '../../lib/return-path';
import { currentShopper } from '../../lib/signed-in';
import { requireTenant } from '../../lib/tenant';
import { countryName } from '../account/countries';
import { DeviceIdScript } from '../checkout/DeviceIdScript';
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
  const [t, locale, cart, shopper, app] = await Promise.all([
    getTranslations('common'),
    getLocale(),
    currentCart(tenant),
    currentShopper(tenant),
    currentAppVisit(tenant),
  ]);
  // The app's shopper pays with the methods saved on the app's number (decision 0050).
  const withMethods = shopper.signedIn || app !== undefined;
  const savedMethods = step === 'payment' && withMethods ? await chargeableSavedMethods(tenant) : [];
  const countries = tenant.phoneCountryCodes.map((code) => ({
    code: code.toUpperCase(),
    name: countryName(code, locale),
  }));
  const country = countries.find((option) => option.code === tenant.country.toUpperCase()) ?? countries[0];
  // The app flow asks for the shopper's address (spec §3).
  const billingAddress =
    app && country
      ? { countries, country, houseNumberOptional: tenant.flags.isHouseNumberOptional }
      : undefined;
  // In the app the app names the device (decision 0050): no script of the vendor, no id of the page.
  const deviceIdScript = app ? undefined : deviceIdScriptUrl(tenant);
  return (
    <div className="checkout">
      {deviceIdScript && <DeviceIdScript src={deviceIdScript} />}
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
            savableMethods={savableMethodsOf(tenant.paymentMethods, tenant.paymentProvider.methods)}
            cardBrands={tenant.acceptedCardBrands}
            hasMobileAppFlow={tenant.flags.hasMobileAppFlow}
            currency={cart?.summary.currency ?? tenant.currency}
            cartPage={tenant.flags.skipCartPageCheckout ? undefined : '/shop/checkout/cart'}
            offerAccount={!tenant.flags.isAuthDisabled && !shopper.signedIn}
            signedIn={withMethods}
            signInPath={withReturn('/login', PAYMENT_PAGE)}
            savedMethods={savedMethods}
            accountEmail={shopper.signedIn ? (shopper.profile?.email ?? undefined) : undefined}
            billingAddress={billingAddress}
            sendDeviceId={tenant.settings.shouldSendDeviceID && !app}
            voucherChannels={voucherDeliveryChoices(tenant.variations.voucherDeliveryChannels)}
            phoneCountries={tenant.phoneCountryCodes}
            accountPhoneNumber={shopper.signedIn ? (shopper.profile?.phoneNumber ?? undefined) : undefined}
          />
        </>
      )}
    </div>
  );
}
