import 'server-only';

/** Where the storefront's server side reaches the API (never exposed to the browser). */
export const API_URL = (process.env.API_URL ?? 'http://127.0.0.1:4000').replace(/\/$/, '');

/** Host names that show the index of demo shops instead of a tenant's shop. */
export const INDEX_HOSTS = new Set((process.env.INDEX_HOSTS ?? 'localhost,127.0.0.1').split(','));
