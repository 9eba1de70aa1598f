import type { PaymentToken } from '@shop/domain/contract';
import { useTranslations } from 'next-intl';

/** The picture of a saved method: its card brand's badge where the shop has one, else its method's. */
const CARD_BRAND_BADGES = new Set(['visa', 'mastercard', 'american-express']);

type SavedMethod = Pick<PaymentToken, 'name' | 'method' | 'cardBrand' | 'cardLast4' | 'cardExpiryDate'>;

/** The name the shopper gave a saved method, with its last four digits unless the name says them. */
export function savedMethodName({ name, cardLast4 }: Pick<PaymentToken, 'name' | 'cardLast4'>): string {
  return cardLast4 && !name.includes(cardLast4) ? `${name} •••• ${cardLast4}` : name;
}

/**
 * A saved method as a choice shows it: its picture, its name, "•••• 1111" and the expiry "12/30".
 * A screen reader hears "ending in 1111, expires 12/30" instead of the dots and the bare date.
 */
export function SavedMethodLabel({ method }: { method: SavedMethod }) {
  const t = useTranslations('common');
  const badge =
    method.cardBrand && CARD_BRAND_BADGES.has(method.cardBrand)
      ? `/card-brands/${method.cardBrand}.svg`
      : `/payment-methods/${method.method}.svg`;
  return (
    <>
      {/* biome-ignore lint/performance/noImgElement: a small SVG badge, decorative beside the name */}
      <img className="saved-method__badge" src={badge} alt="" width={40} height={26} />
      <span className="saved-method">
        <span className="saved-method__name">{method.name}</span>{' '}
        {(method.cardLast4 || method.cardExpiryDate) && (
          <span className="saved-method__detail">
            {method.cardLast4 && (
              <>
                <span aria-hidden="true">•••• {method.cardLast4}</span>
                <span className="visually-hidden">{t('savedCardEnding', { last4: method.cardLast4 })}</span>
              </>
            )}{' '}
            {method.cardLast4 && method.cardExpiryDate && <span aria-hidden="true">· </span>}
            {method.cardExpiryDate && (
              <>
                <span aria-hidden="true">{method.cardExpiryDate}</span>
                <span className="visually-hidden">
                  {t('savedCardExpiry', { expiry: method.cardExpiryDate })}
                </span>
              </>
            )}
          </span>
        )}
      </span>
    </>
  );
}
