import type { PriceRange, ServiceFees } from '@shop/domain';
import type { AutoTopupLightQuery } from '@shop/domain/contract';
import type { AutomaticChoice, AutomaticOffer } from './automatic';
import type { SmsOffer } from './sms';

export interface FixedAmount {
  productId: string;
  amount: number;
  purchasable: boolean;
  statusLabel: string | undefined;
}

/** A country of the number field: lower-case code (`de`) and calling code (`+49`). */
export interface PhoneCountry {
  code: string;
  callingCode: string;
}

export type TopupType = 'ONCE_OFF' | 'AUTOMATIC' | 'SMS' | 'CASH_CODE';

export interface TopupFormProps {
  brand: { brandId: string; name: string };
  currency: string;
  /** The tenant's service fees, shown before the shopper goes on. */
  serviceFees: ServiceFees;
  /** The countries whose numbers the shop tops up, the first preselected, with their calling codes. */
  phoneCountries: PhoneCountry[];
  fixedAmounts: FixedAmount[];
  range: (PriceRange & { productId: string }) | null;
  /** Where the shopper goes once the top-up is in the cart. */
  afterAdding: string;
  amountPlaceholders: number[] | undefined;
  topupTypes: TopupType[];
  /** The automatic top-up on offer (a tenant with accounts that offers some type of it), if any. */
  automatic: AutomaticOffer | null;
  /** The SMS top-up on offer (a tenant with accounts and a short number), if any. */
  sms: SmsOffer | null;
  /** The shopper is signed in: an automatic or SMS top-up may then be set up on a saved method alone. */
  signedIn: boolean;
  /** The cash-code top-up on offer: the code pays for an amount of its range. */
  cashCode: { productId: string; range: PriceRange } | null;
  /** The shop's page of each brand it sells (the tenant's brand routes), for a number of another brand. */
  brandRoutes: Record<string, string>;
  /**
   * From the page's `?msisdn=…&amount=…` (amount in major units), with the country of that
   * number when the page could read it.
   */
  initial: {
    msisdn?: string;
    amount?: string;
    country?: string;
    topupType?: string;
    /** The form was posted before JavaScript and its input had problems: shown from the start. */
    checked?: boolean;
    /** The form was posted before JavaScript and the API refused it with this code ('' for none). */
    error?: string;
    /** The automatic top-up's set-up as a post before JavaScript sent it (`AUTOMATIC_FIELDS`). */
    automatic?: Record<string, string>;
    /** The page was opened with a light top-up's link (its secret and notification code). */
    light?: Pick<AutoTopupLightQuery, 'hash' | 'notificationCode'>;
  };
  /** The notification code of the light top-up's link the top-up is bought through, for its owner. */
  lightCode?: string | undefined;
  /** The problems found when the form was posted before JavaScript, already in the shopper's language. */
  initialErrors?: FieldErrors;
  /** The page's own path, where a post before JavaScript comes back to with a problem. */
  pagePath: string;
  /** Sent with a post before JavaScript, so that posting twice puts the top-up in the cart once. */
  idempotencyKey: string;
}

/** Formats minor units in the shop's currency and the page's language. */
export type MoneyFormat = (minor: number) => string;

export interface FieldErrors {
  phone?: string;
  amount?: string;
  cashCode?: string;
  /** The automatic top-up's type, low-balance limit, day, and saved method. */
  autoType?: string;
  lowBalanceLimit?: string;
  schedule?: string;
  savedMethod?: string;
  /** The SMS top-up's consent PIN. */
  smsPin?: string;
  /** A refusal that concerns no single field. */
  form?: string;
}

/** What a part of the automatic set-up is given: the offer, the choice so far, and its one error. */
export interface AutomaticPartProps {
  offer: AutomaticOffer;
  choice: AutomaticChoice;
  change: (patch: Partial<AutomaticChoice>) => void;
  money: MoneyFormat;
  error: string | undefined;
}
