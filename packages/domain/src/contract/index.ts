/**
 * The contract between the API and the shop (decision 0018): the request and answer schemas of
 * every call of spec §7. The API validates, serialises and documents with them; the storefront
 * infers its types from them and parses every answer with them.
 */
export * from './account';
export * from './address';
export * from './app-session';
export * from './auto-topups';
export * from './backoffice';
export * from './blog';
export * from './cart';
export * from './catalogue';
export * from './catalogue-changes';
export * from './checkout';
export * from './commit';
export * from './common';
export * from './content';
export * from './fraud-signals';
export * from './health';
export * from './own-data';
export * from './payment-methods';
export * from './sms-topups';
export * from './statistics';
export * from './translations';
export * from './voucher-delivery';
