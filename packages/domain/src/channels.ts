/** Sales channels a product may be offered in (spec §3; spec §9: the default channel is web). */
export const CHANNELS = ['web', 'app', 'whatsapp', 'sms', 'ivr'] as const;
export type Channel = (typeof CHANNELS)[number];

export const DEFAULT_CHANNEL: Channel = 'web';

/** Spec §5: channels whose products the web shop does not offer by default. */
export const RESTRICTED_CHANNELS: readonly Channel[] = ['whatsapp', 'sms', 'ivr', 'app'];

/** Spec §5: top-up data is valid only when both msisdn and amount are present. */
export function isTopupDataValid(data: { msisdn?: string | null; amount?: string | number | null }): boolean {
  const present = (value: string | number | null | undefined): boolean =>
    value !== undefined && value !== null && value !== '';
  return present(data.msisdn) && present(data.amount);
}

export interface ChannelContext {
  /** The tenant runs the mobile-app flow. */
  mobileAppFlow: boolean;
  /** The channel of the app, in the mobile-app flow. */
  appChannel?: Channel;
  /** The currency chosen in the session, in the mobile-app flow. */
  chosenCurrency?: string;
  /** See {@link isTopupDataValid}. */
  topupDataValid: boolean;
}

/** Which products are offered: those with one of `anyOfChannels`, in `currency` when it is set. */
export interface OfferCondition {
  anyOfChannels: readonly Channel[];
  currency?: string;
}

const OPEN_CHANNELS = CHANNELS.filter((channel) => !RESTRICTED_CHANNELS.includes(channel));

/**
 * Spec §5, read as follows. In the mobile-app flow a product is offered when its currency is the
 * chosen currency and one of its channels is the app's channel. Otherwise a product is offered when
 * at least one of its channels is not restricted (whatsapp, sms, ivr, app); once the top-up data
 * is valid, whatsapp is the only restricted channel that is accepted as well, so a product sold
 * on whatsapp alone is then offered too. A product without channels is never offered.
 */
export function offerCondition(context: ChannelContext): OfferCondition {
  if (context.mobileAppFlow) {
    // Without a chosen currency or an app channel nothing matches.
    return {
      anyOfChannels: context.appChannel ? [context.appChannel] : [],
      currency: context.chosenCurrency ?? '',
    };
  }
  return { anyOfChannels: context.topupDataValid ? [...OPEN_CHANNELS, 'whatsapp'] : OPEN_CHANNELS };
}

/** Whether a product is offered in a context; see {@link offerCondition}. */
export function isProductOffered(
  product: { channels: readonly Channel[]; currency: string },
  context: ChannelContext,
): boolean {
  const { anyOfChannels, currency } = offerCondition(context);
  return (
    (currency === undefined || product.currency === currency) &&
    product.channels.some((channel) => anyOfChannels.includes(channel))
  );
}
