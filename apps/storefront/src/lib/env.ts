import 'server-only';
import { apiUrlOf } from './api-url';

export const API_URL = apiUrlOf(process.env);

/** Host names that show the index of demo shops instead of a tenant's shop. */
export const INDEX_HOSTS = new Set((process.env.INDEX_HOSTS ?? 'localhost,127.0.0.1').split(','));
