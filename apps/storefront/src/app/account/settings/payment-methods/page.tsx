import { paymentTokensAnswerSchema } from '@shop/domain/contract';
import { getTranslations } from 'next-intl/server';
import { AccountNav } from '../../../../components/account/AccountNav';
import { PaymentMethods } from '../../../../components/account/PaymentMethods';
import {
  addableMethods,
  arrivalMessage,
  PAYMENT_METHODS_PATH,
  PAYMENT_TOKENS_API,
} from '../../../../components/account/payment-methods';
import { accountCall, accountTenant } from '../../../../lib/account';
import { queryValue, type SearchParams } from '../../../../lib/page-query';
import { titledBy } from '../../../../lib/page-title';

export const generateMetadata = titledBy('paymentMethodsTitle');

const HERE = PAYMENT_METHODS_PATH;

/**
 * Spec §2: the account's saved payment methods, to rename, delete and add (by card or PayPal,
 * where the shop takes them and its provider can save them); shown with paymentMethodAdded after
 * a method was added, or with the reason it was not (spec §4 payment-method flow).
 */
export default async function PaymentMethodsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const tenant = await accountTenant();
  const [t, params, answer] = await Promise.all([
    getTranslations('common'),
    searchParams,
    accountCall(tenant, PAYMENT_TOKENS_API.list, paymentTokensAnswerSchema, HERE),
  ]);
  return (
    <>
      <h1>{t('paymentMethodsTitle')}</h1>
      <p className="account__greeting">{t('paymentMethodsIntro')}</p>
      <AccountNav current="paymentMethods" />
      <PaymentMethods
        tokens={answer.paymentTokens}
        addable={addableMethods(tenant.paymentMethods, tenant.paymentProvider.methods)}
        arrival={arrivalMessage(queryValue(params, 'message'), queryValue(params, 'error'))}
        here={HERE}
      />
    </>
  );
}
