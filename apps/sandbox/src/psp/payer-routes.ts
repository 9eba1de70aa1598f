import type { FastifyInstance } from 'fastify';
import type { PspContext } from './context';
import { hostedRoutes } from './hosted-routes';
import { authenticationPage, paymentPage, unknownPaymentPage } from './pages';
import type { Payment } from './types';
import { returnUrlFor } from './urls';

/**
 * The hosted payment page `GET /psp/pay/{id}` and its actions (see `hosted-routes.ts`). Approve
 * reads `{ cardNumber, expiry, cvc }` for cards, `{ bank }` for iDEAL and `{ cryptoCurrency }`
 * for crypto, all optional in JSON. The shopper returns to the shop's return URL with
 * `paymentId` and `status` (and PayPal's `token` in PayPal's iframe mode). Errors: 404
 * `UNKNOWN_PAYMENT`, 409 `PAYMENT_NOT_PENDING`.
 */
export function payerRoutes(app: FastifyInstance, { payments, urls }: PspContext): void {
  hostedRoutes<Payment>(app, {
    segment: 'pay',
    find: (id) => payments.get(id),
    name: (payment) => `Payment ${payment.paymentId}`,
    unknownCode: 'UNKNOWN_PAYMENT',
    unknownMessage: (id) => `No payment has the id ${id}`,
    unknownPage: unknownPaymentPage,
    notPendingCode: 'PAYMENT_NOT_PENDING',
    notPendingMessage: (payment) =>
      payment.settling
        ? `Payment ${payment.paymentId} is already approved and settling`
        : `Payment ${payment.paymentId} is ${payment.status}, no longer PENDING`,
    page: (payment, view) => paymentPage({ payment, payerUrl: urls.payer(payment.paymentId), ...view }),
    authenticationPage,
    pageUrl: (payment) => urls.payer(payment.paymentId),
    returnUrl: returnUrlFor,
    approve: (payment, input) => payments.approve(payment, input),
    decline: (payment) => payments.decline(payment),
    cancel: (payment) => payments.cancel(payment),
    authenticate: (payment, succeeded) => payments.authenticate(payment, succeeded),
  });
}
