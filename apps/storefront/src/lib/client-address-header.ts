/**
 * The header the storefront's server writes the shopper's address into for its pages and its
 * `/api` proxy, which pass it on to the API as `X-CLIENT-IP` (decision 0062). Whatever the
 * browser sent under that name is replaced (`server/client-address.ts`).
 */
export const CLIENT_ADDRESS_HEADER = 'x-client-ip';
