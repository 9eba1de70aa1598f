import type { FastifyPluginAsync } from 'fastify';
import { answerErrorsAsJson } from '../replies';
import { cashCodeRoutes } from './cash-code-routes';
import type { OperatorContext } from './context';
import { eventRoutes } from './event-routes';
import { numberRoutes } from './number-routes';
import { smsPageRoutes } from './sms-page-routes';
import { topupRoutes } from './topup-routes';
import { voucherRoutes } from './voucher-routes';

/**
 * The sandbox mobile operator, registered under `/operator`: number look-up and balances
 * (`number-routes.ts`), top-ups (`topup-routes.ts`), voucher PINs (`voucher-routes.ts`), cash
 * codes (`cash-code-routes.ts`), the events it sends to the shop (`event-routes.ts`) and the
 * page on which a person sends the shop an SMS (`sms-page-routes.ts`).
 * Everything lives in memory, in the context `buildSandbox` makes and shares with the DT One
 * stand-in (one set of balances). Closing the app closes the context: pending top-ups and event
 * retries stop, held answers go out at once.
 */
export const operatorRoutes: FastifyPluginAsync<{ context: OperatorContext }> = async (app, { context }) => {
  answerErrorsAsJson(app, 'operator');
  numberRoutes(app, context);
  topupRoutes(app, context);
  voucherRoutes(app, context);
  cashCodeRoutes(app, context);
  eventRoutes(app, context);
  smsPageRoutes(app, context);
};
