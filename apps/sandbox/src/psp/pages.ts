import { escapeHtml, page } from './html';
import { formatAmount } from './money';
import { METHOD_LABELS, methodStep, type StepContext } from './steps';
import { isActionable, type Payment } from './types';
import { payPath, returnUrlFor } from './urls';

/**
 * The pages a shopper sees: the hosted payment page (`GET /psp/pay/{id}`), the 3-D Secure page
 * (`GET /psp/pay/{id}/3ds`) and the page for an unknown payment. Buttons are plain forms that
 * POST to the action URLs, so the pages work without JavaScript.
 */

function postButton(action: string, label: string, primary = false): string {
  return `<form method="post" action="${escapeHtml(action)}"><button type="submit"${
    primary ? ' class="primary"' : ''
  }>${escapeHtml(label)}</button></form>`;
}

function summary(payment: Payment, heading: string): string {
  return `<h1>${escapeHtml(heading)}</h1>
<p class="amount">${escapeHtml(formatAmount(payment.amount, payment.currency))}</p>
<dl class="details">
<dt>Merchant</dt><dd>${escapeHtml(payment.tenantName)}</dd>
<dt>Reference</dt><dd>${escapeHtml(payment.merchantReference)}</dd>
<dt>Method</dt><dd>${escapeHtml(METHOD_LABELS[payment.method])}</dd>
</dl>`;
}

function errorAlert(message: string | undefined): string {
  return message ? `<div class="error" role="alert">${escapeHtml(message)}</div>` : '';
}

function finished(payment: Payment): string {
  const state = payment.settling
    ? 'is approved; your bank confirms it in a few seconds'
    : `is ${payment.status.toLowerCase().replace('_', ' ')}`;
  return `<p role="status">This payment ${state}.</p>
<p><a href="${escapeHtml(returnUrlFor(payment))}">Return to ${escapeHtml(payment.tenantName)}</a></p>`;
}

/** The hosted payment page; after a failed action it repeats the shopper's input and says why. */
export function paymentPage(context: StepContext): string {
  const { payment, error } = context;
  const amount = formatAmount(payment.amount, payment.currency);
  const path = payPath(payment.paymentId);
  const title = `Pay ${amount} to ${payment.tenantName}`;
  if (!isActionable(payment)) {
    return page({
      title,
      body: `${summary(payment, `Pay ${payment.tenantName}`)}\n${errorAlert(error?.message)}\n${finished(payment)}`,
    });
  }
  const step = methodStep(context, amount);
  const authentication = payment.awaitingAuthentication
    ? `<p>Your bank is waiting for you to authenticate. <a href="${escapeHtml(`${path}/3ds`)}">Continue to authentication</a></p>`
    : '';
  const body = `${summary(payment, `Pay ${payment.tenantName}`)}
${errorAlert(error?.message)}
${authentication}
<form class="step" method="post" action="${escapeHtml(`${path}/approve`)}" aria-labelledby="step-title">
<h2 id="step-title">${escapeHtml(step.title)}</h2>
${step.fields}
<button type="submit" class="primary">Approve</button>
</form>
<div class="actions">
${postButton(`${path}/decline`, 'Decline')}
${postButton(`${path}/cancel`, 'Cancel')}
</div>`;
  return page({ title, body });
}

/** The 3-D Secure page of a card that asked for it. */
export function authenticationPage(payment: Payment, error?: string): string {
  const path = payPath(payment.paymentId);
  const amount = formatAmount(payment.amount, payment.currency);
  if (!isActionable(payment) || !payment.awaitingAuthentication) {
    const body = `${summary(payment, 'Authenticate your payment')}
${errorAlert(error ?? 'Nothing to authenticate for this payment.')}
${isActionable(payment) ? `<p><a href="${escapeHtml(path)}">Back to the payment</a></p>` : finished(payment)}`;
    return page({ title: 'Authenticate your payment', body });
  }
  const body = `${summary(payment, 'Authenticate your payment')}
${errorAlert(error)}
<p>Your bank asks you to confirm the payment of ${escapeHtml(amount)} to ${escapeHtml(payment.tenantName)}
with the card ending in ${escapeHtml(payment.cardLast4 ?? '')}.</p>
<div class="actions">
${postButton(`${path}/3ds/complete`, 'Complete authentication', true)}
${postButton(`${path}/3ds/fail`, 'Fail authentication')}
</div>`;
  return page({ title: `Authenticate ${amount} to ${payment.tenantName}`, body });
}

/** The page for a payment id the sandbox does not know. */
export function unknownPaymentPage(paymentId: string): string {
  return page({
    title: 'Unknown payment',
    body: `<h1>Unknown payment</h1>\n<p>No payment has the id ${escapeHtml(paymentId)}. The link may be mistyped, or the sandbox was restarted (it keeps payments in memory only).</p>`,
  });
}
