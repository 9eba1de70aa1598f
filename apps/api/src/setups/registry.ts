import { lightLinkSetup } from '../auto-topups/light-link-setup';
import { automaticTopupSetup } from '../auto-topups/setup';
import { savedMethodSetup } from '../payment-methods/saved-method-setup';
import { smsTopupSetup } from '../sms-topups/setup';
import type { OrderSetup, SetupLines } from './order-setup';

/**
 * Every kind of thing an order sets up, in the order a delivered order keeps them: the saved
 * method first, since the automatic and SMS top-ups charge it.
 */
export const ORDER_SETUPS: readonly OrderSetup[] = [
  savedMethodSetup,
  automaticTopupSetup,
  smsTopupSetup,
  lightLinkSetup,
];

/** The set-ups that cart lines ask for. */
export const LINE_SETUPS: readonly SetupLines[] = ORDER_SETUPS.flatMap((setup) =>
  setup.lines ? [setup.lines] : [],
);
