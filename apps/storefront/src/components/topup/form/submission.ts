/**
 * What sending the top-up form needs beyond the page itself: the phone-number metadata and the
 * contract's schemas. The form loads it when the shopper starts on it, not with the page
 * (decision 0029).
 */
export { parseMsisdn } from '@shop/domain';
export { savedPaymentMethods } from '../../../lib/checkout-api';
export { addToCart } from '../../../lib/shop-api';
export { lookUpNumber } from './number-lookup';
export { brandPageLink } from './other-brand';
