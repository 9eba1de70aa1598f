import { escapeHtml, page } from '../html';
import { formatAmount } from '../psp/money';
import { errorAlert, link, postButton } from '../psp/page-parts';
import { bankSelect, type FieldState, input } from '../psp/steps';
import type { CheckoutMethod, CheckoutRecord } from './checkout-record';
import { IDEAL_BANKS } from './redirect-methods';

/**
 * The hosted Checkout page `GET /stripe/checkout/:id`: the order, the chosen method's step
 * inside the Approve form, then Decline and Cancel. Plain forms that POST to the actions, so
 * it works without scripts; `?method=` switches between the session's methods.
 */

export const STRIPE_BADGE = 'Stripe sandbox: no real money moves';

const METHOD_LABELS: Record<CheckoutMethod, string> = {
  card: 'Card',
  paypal: 'PayPal',
  ideal: 'iDEAL',
  bancontact: 'Bancontact',
  eps: 'EPS',
};

export interface CheckoutView extends FieldState {
  method: CheckoutMethod;
}

export function checkoutPage(record: CheckoutRecord, view: CheckoutView): string {
  const { session } = record;
  const path = `/stripe/checkout/${session.id}`;
  const title = session.mode === 'setup' ? 'Save a card' : titleOf(record);
  const body = `${summary(record, title, view.method)}
${errorAlert(view.error?.message ?? record.error)}
${session.status === 'open' ? openPart(record, path, view) : finishedPart(record)}`;
  return page({ title, badge: STRIPE_BADGE, body });
}

export function unknownCheckoutPage(id: string): string {
  return page({
    title: 'Unknown checkout',
    badge: STRIPE_BADGE,
    body: `<h1>Unknown checkout</h1>\n<p>No Checkout Session has the id ${escapeHtml(id)}. The sandbox keeps sessions in memory only.</p>`,
  });
}

function titleOf({ lineItems, session }: CheckoutRecord): string {
  const amount = formatAmount(session.amount_total ?? 0, (session.currency ?? 'eur').toUpperCase());
  const [first] = lineItems;
  return lineItems.length === 1 && first ? `Pay ${amount} for ${first.name}` : `Pay ${amount}`;
}

function summary({ session, lineItems }: CheckoutRecord, title: string, method: CheckoutMethod): string {
  const items = lineItems
    .map(
      (item) =>
        `<dt>Item</dt><dd>${escapeHtml(item.name)}${item.quantity > 1 ? ` × ${item.quantity}` : ''}</dd>`,
    )
    .join('\n');
  const amount =
    session.mode === 'payment'
      ? `<p class="amount">${escapeHtml(formatAmount(session.amount_total ?? 0, (session.currency ?? 'eur').toUpperCase()))}</p>\n`
      : '';
  return `<h1>${escapeHtml(title)}</h1>
${amount}<dl class="details">
${items}
<dt>Method</dt><dd>${escapeHtml(METHOD_LABELS[method])}</dd>
</dl>`;
}

function openPart(record: CheckoutRecord, path: string, view: CheckoutView): string {
  const { method } = view;
  const others = record.methods
    .filter((item) => item !== method)
    .map((item) => `<li>${link(`${path}?method=${item}`, `Pay with ${METHOD_LABELS[item]}`, {})}</li>`)
    .join('\n');
  const switcher = others ? `<nav aria-label="Other payment methods"><ul>\n${others}\n</ul></nav>\n` : '';
  const hidden = `<input type="hidden" name="method" value="${escapeHtml(method)}">`;
  const step = stepOf(method, view);
  return `${switcher}<form class="step" method="post" action="${escapeHtml(`${path}/approve`)}" aria-labelledby="step-title">
${hidden}
<h2 id="step-title">${escapeHtml(step.title)}</h2>
${step.fields}
<button type="submit" class="primary">Approve</button>
</form>
<div class="actions">
<form method="post" action="${escapeHtml(`${path}/decline`)}">${hidden}<button type="submit">Decline</button></form>
${postButton(`${path}/cancel`, 'Cancel', {})}
</div>`;
}

function finishedPart({ session }: CheckoutRecord): string {
  if (session.status === 'complete') {
    const next = session.success_url?.replaceAll('{CHECKOUT_SESSION_ID}', session.id);
    return `<p role="status">This checkout is complete.</p>${next ? `\n<p>${link(next, 'Return to the shop', {})}</p>` : ''}`;
  }
  const back = session.cancel_url;
  return `<p role="status">This checkout has expired.</p>${back ? `\n<p>${link(back, 'Return to the shop', {})}</p>` : ''}`;
}

function stepOf(method: CheckoutMethod, view: FieldState): { title: string; fields: string } {
  switch (method) {
    case 'card':
      return { title: 'Card details', fields: cardFields(view) };
    case 'paypal':
      return {
        title: 'PayPal',
        fields: '<p>Approve stands for logging in to PayPal and approving the payment.</p>',
      };
    case 'ideal':
      return { title: 'Choose your bank', fields: bankField(view) };
    default:
      return {
        title: METHOD_LABELS[method],
        fields: `<p>Approve stands for confirming the payment in your bank's ${escapeHtml(METHOD_LABELS[method])} app.</p>`,
      };
  }
}

function cardFields(view: FieldState): string {
  return `${input(view, {
    name: 'cardNumber',
    label: 'Card number',
    hint: "Stripe's test cards: 4242 4242 4242 4242 approves, 4000 0000 0000 0002 is declined, 4000 0027 6000 3184 asks for 3-D Secure.",
    attributes: 'type="text" inputmode="numeric" autocomplete="cc-number" required',
  })}
<div class="row">
${input(view, {
  name: 'expiry',
  label: 'Expiry (MM/YY)',
  attributes: 'type="text" inputmode="numeric" autocomplete="cc-exp" maxlength="7" required',
})}
${input(view, { name: 'cvc', label: 'CVC', attributes: 'type="text" inputmode="numeric" autocomplete="cc-csc" maxlength="4" required' }, false)}
</div>`;
}

function bankField(view: FieldState): string {
  return bankSelect(
    view,
    IDEAL_BANKS.map(({ bank, label }) => ({ value: bank, label })),
  );
}
