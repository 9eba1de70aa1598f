import type { PAYMENT_METHODS } from '@shop/tenants';
import { getTranslations } from 'next-intl/server';

/** The payment methods the shop takes, as a list of their logos. */
export async function PaymentMethodLogos({
  methods,
  ...list
}: {
  methods: readonly (typeof PAYMENT_METHODS)[number][];
  className: string;
  'aria-label'?: string;
  'data-testid'?: string;
}) {
  const t = await getTranslations('common');
  return (
    <ul {...list}>
      {methods.map((method) => (
        <li key={method}>
          {/* biome-ignore lint/performance/noImgElement: payment icons are small SVGs */}
          <img
            src={`/payment-methods/${method}.svg`}
            alt={t(`paymentMethod_${method}`)}
            width={48}
            height={32}
          />
        </li>
      ))}
    </ul>
  );
}
