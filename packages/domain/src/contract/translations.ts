import * as z from 'zod';
import { NAMESPACES } from '../locale';
import './jitless';

/** GET /api/translations/{lng}/{ns}: `lng` is a language, `xx-YY` or `default`. */
export const translationParamsSchema = z.object({
  lng: z.string().min(1).max(16),
  ns: z.enum(NAMESPACES),
});

/**
 * Its query: `v`, the bundle's version as the page names it, only makes a changed bundle a new
 * address for the browser's cache; any value is answered with the current texts.
 */
export const translationQuerySchema = z.object({ v: z.string().max(64).optional() });

/** The texts of one language and namespace: key to text. */
export const translationsSchema = z.record(z.string(), z.string());
export type Translations = z.infer<typeof translationsSchema>;
