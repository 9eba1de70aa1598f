import * as z from 'zod';
import { CURRENCIES } from '../money';
import './jitless';

/** POST /api/shop/rest/app-sessions: the token of the entry link the tenant's app opened (decision 0050). */
export const appSessionBodySchema = z.strictObject({
  entryToken: z.string().trim().min(20).max(4096),
});
export type AppSessionRequest = z.input<typeof appSessionBodySchema>;

export const appSessionAnswerSchema = z.object({
  accessToken: z
    .string()
    .meta({ description: 'The session (Bearer); the storefront keeps it in its session cookie' }),
  expiresAt: z.string(),
  channel: z.literal('app').meta({ description: 'The session channel, sent as X-Channel from now on' }),
  msisdn: z.string().meta({ description: 'The app’s number, E.164' }),
  currency: z.enum(CURRENCIES),
  returnUrl: z.string().meta({ description: 'Where the deep link hands the shopper back to the app' }),
  deviceId: z.string().optional(),
});
export type AppSessionAnswer = z.infer<typeof appSessionAnswerSchema>;
