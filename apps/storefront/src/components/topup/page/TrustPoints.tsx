import type { TenantConfig } from '@shop/tenants';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { PaymentMethodLogos } from '../../PaymentMethodLogos';
import { TrustIcon, type TrustIconName } from './TrustIcon';

function TrustPoint({ icon, title, children }: { icon: TrustIconName; title: string; children: ReactNode }) {
  return (
    <li className="trust-point">
      <TrustIcon name={icon} />
      <div>
        <strong>{title}</strong>
        <p>{children}</p>
      </div>
    </li>
  );
}

/** Why the shopper can buy here: secure payment, credit in seconds, a person to ask, known ways to pay. */
export async function TrustPoints({ tenant }: { tenant: TenantConfig }) {
  const t = await getTranslations('common');
  const strip = tenant.mainPage.trustPanel === 'strip';
  return (
    <section className="trust-points" aria-labelledby="trust-points">
      <h2 id="trust-points" className={strip ? 'visually-hidden' : undefined}>
        {t('trustTitle')}
      </h2>
      <ul>
        <TrustPoint icon="lock" title={t('trustSecure')}>
          {t('trustSecureText')}
        </TrustPoint>
        <TrustPoint icon="bolt" title={t('trustInstant')}>
          {t('trustInstantText')}
        </TrustPoint>
        {!tenant.variations.hideCustomerSupport && (
          <TrustPoint icon="support" title={t('trustSupport')}>
            {t.rich('trustSupportText', {
              email: tenant.supportEmail,
              mail: (chunks) => <a href={`mailto:${tenant.supportEmail}`}>{chunks}</a>,
            })}
          </TrustPoint>
        )}
        <li className="trust-point trust-point--payment">
          <TrustIcon name="card" />
          <div>
            <strong>{t('trustPaymentMethods')}</strong>
            <PaymentMethodLogos
              methods={tenant.paymentMethods}
              className="payment-logos"
              aria-label={t('trustPaymentMethods')}
            />
          </div>
        </li>
      </ul>
    </section>
  );
}
