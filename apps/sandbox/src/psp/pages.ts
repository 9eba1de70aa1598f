import { escapeHtml, page } from '../html';
import { formatAmount } from './money';
import {
  actionForms,
  authenticationForms,
  errorAlert,
  link,
  type PageMode,
  PSP_BADGE,
  shellOf,
} from './page-parts';
import { METHOD_LABELS, methodStep, type StepContext } from './steps';
import { isActionable, type Payment } from './types';
import { payPath, returnUrlFor } from './urls';

/**
 * The pages a shopper sees for a payment: the hosted payment page (`GET /psp/pay/{id}`), the
 * 3-D Secure page (`GET /psp/pay/{id}/3ds`) and the page for an unknown payment. Buttons are
 * plain forms that POST to the action URLs, so the pages work without JavaScript.
 */

function summary(payment: Payment, heading: string): string {
  return `<h1>${escapeHtml(heading)}</h1>
<p class="amount">${escapeHtml(formatAmount(payment.amount, payment.currency))}</p>
<dl class="details">
<dt>Merchant</dt><dd>${escapeHtml(payment.tenantName)}</dd>
<dt>Reference</dt><dd>${escapeHtml(payment.merchantReference)}</dd>
<dt>Method</dt><dd>${escapeHtml(METHOD_LABELS[payment.method])}</dd>
</dl>`;
}

function finished(payment: Payment, mode: PageMode): string {
  const state = payment.settling
    ? 'is approved; your bank confirms it in a few seconds'
    : `is ${payment.status.toLowerCase().replace('_', ' ')}`;
  return `<p role="status">This payment ${state}.</p>
<p>${link(returnUrlFor(payment), `Return to ${payment.tenantName}`, mode)}</p>`;
}

/** The hosted payment page; after a failed action it repeats the shopper's input and says why. */
export function paymentPage(context: StepContext & PageMode): string {
  const { payment, error } = context;
  const amount = formatAmount(payment.amount, payment.currency);
  const path = payPath(payment.paymentId);
  const title = `Pay ${amount} to ${payment.tenantName}`;
  const shell = shellOf(context, payment.returnUrl);
  if (!isActionable(payment)) {
    return page({
      title,
      badge: PSP_BADGE,
      ...shell,
      body: `${summary(payment, `Pay ${payment.tenantName}`)}\n${errorAlert(error?.message)}\n${finished(payment, context)}`,
    });
  }
  const authentication = payment.awaitingAuthentication
    ? `<p>Your bank is waiting for you to authenticate. ${link(`${path}/3ds`, 'Continue to authentication', context)}</p>`
    : '';
  const body = `${summary(payment, `Pay ${payment.tenantName}`)}
${errorAlert(error?.message)}
${authentication}
${actionForms(path, methodStep(context, amount), context)}`;
  return page({ title, badge: PSP_BADGE, ...shell, body });
}

/** The 3-D Secure page of a card that asked for it. */
export function authenticationPage(payment: Payment, view: PageMode & { error?: string } = {}): string {
  const path = payPath(payment.paymentId);
  const amount = formatAmount(payment.amount, payment.currency);
  const shell = shellOf(view, payment.returnUrl);
  if (!isActionable(payment) || !payment.awaitingAuthentication) {
    const body = `${summary(payment, 'Authenticate your payment')}
${errorAlert(view.error ?? 'Nothing to authenticate for this payment.')}
${isActionable(payment) ? `<p>${link(path, 'Back to the payment', view)}</p>` : finished(payment, view)}`;
    return page({ title: 'Authenticate your payment', badge: PSP_BADGE, ...shell, body });
  }
  const body = `${summary(payment, 'Authenticate your payment')}
${errorAlert(view.error)}
<p>Your bank asks you to confirm the payment of ${escapeHtml(amount)} to ${escapeHtml(payment.tenantName)}
with the card ending in ${escapeHtml(payment.card?.last4 ?? '')}.</p>
${authenticationForms(path, view)}`;
  return page({ title: `Authenticate ${amount} to ${payment.tenantName}`, badge: PSP_BADGE, ...shell, body });
}

/** The page for a payment id the sandbox does not know. */
export function unknownPaymentPage(paymentId: string): string {
  return page({
    title: 'Unknown payment',
    badge: PSP_BADGE,
    body: `<h1>Unknown payment</h1>\n<p>No payment has the id ${escapeHtml(paymentId)}. The link may be mistyped, or the sandbox was restarted (it keeps payments in memory only).</p>`,
  });
}
