import type { PAYMENT_METHODS } from '@shop/tenants';
import { getTranslations } from 'next-intl/server';

/** The payment methods the shop takes, as their logos. */
export async function PaymentMethodLogos({
  methods,
  label,
}: {
  methods: readonly (typeof PAYMENT_METHODS)[number][];
  label: string;
}) {
  const t = await getTranslations('common');
  return (
    <ul className="payment-logos" aria-label={label}>
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
