import type { TenantConfig } from '@shop/tenants';
import { getTranslations } from 'next-intl/server';

/**
 * The ways to reach the shop under its contact text: customer service and the help desk (not
 * where the tenant hides customer support), and the company's postal address.
 */
export async function ContactDetails({ tenant }: { tenant: TenantConfig }) {
  const t = await getTranslations('common');
  const { company, helpDesk } = tenant;
  return (
    <div className="contact-details">
      {!tenant.variations.hideCustomerSupport && (
        <>
          <div className="card card--quiet contact-card" data-testid="contact-support">
            <h2>{t('contentSupportTitle')}</h2>
            <p>{t('contentSupportText')}</p>
            <p>
              <a href={`mailto:${tenant.supportEmail}`}>{tenant.supportEmail}</a>
            </p>
          </div>
          <div className="card card--quiet contact-card" data-testid="contact-help-desk">
            <h2>{t('contentHelpDeskTitle')}</h2>
            <p>{t('contentHelpDeskText', { productId: helpDesk.productId })}</p>
            <p>
              <a href={`mailto:${helpDesk.email}?subject=${encodeURIComponent(helpDesk.productId)}`}>
                {helpDesk.email}
              </a>
            </p>
          </div>
        </>
      )}
      <div className="card card--quiet contact-card">
        <h2>{t('contentPostalAddressTitle')}</h2>
        <address>
          {company.legalName}
          <br />
          {company.street}
          <br />
          {company.postcode} {company.city}
        </address>
      </div>
    </div>
  );
}
