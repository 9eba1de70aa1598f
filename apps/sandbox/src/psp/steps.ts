import { escapeHtml } from '../html';
import {
  BANK_OF_ISSUER,
  BANKS,
  CRYPTO_CURRENCIES,
  type Payment,
  type PaymentMethod,
  type TokenMethod,
} from './types';

/**
 * Each method's own step on the hosted pages: the fields inside the Approve form. Field names
 * are the ones the approve twin reads: `cardNumber`, `expiry`, `cvc`, `bank`, `cryptoCurrency`,
 * `paypalEmail`, `paypalPassword`.
 */

/** The shopper's input after a failed try, and what was wrong with it. */
export interface FieldState {
  /** The field a failed approval named, and why. */
  error?: { field?: string; message: string };
  /** What the shopper sent last time (the CVC and password are never shown again). */
  values?: Record<string, unknown>;
}

/** What a payment's step needs: the payment, its payer URL, and the state of its fields. */
export interface StepContext extends FieldState {
  payment: Payment;
  payerUrl: string;
}

export const METHOD_LABELS: Record<PaymentMethod, string> = {
  creditcard: 'Card',
  paypal: 'PayPal',
  ideal: 'iDEAL',
  applepay: 'Apple Pay',
  crypto: 'Crypto',
  paymentlink: 'Payment link',
  pending: 'Bank transfer',
};

const STEP_TITLES: Record<PaymentMethod, string> = {
  creditcard: 'Card details',
  paypal: 'Log in to PayPal',
  ideal: 'Choose your bank',
  applepay: 'Apple Pay',
  crypto: 'Choose a currency',
  paymentlink: 'Share the payment link',
  pending: 'Bank transfer',
};

function enteredValue(context: FieldState, name: string): string {
  const value = context.values?.[name];
  return typeof value === 'string' ? value : '';
}

/** A labelled text input; marked invalid and described by the error when the error names it. */
export function input(
  context: FieldState,
  { name, label, hint, attributes }: { name: string; label: string; hint?: string; attributes: string },
  keepValue = true,
): string {
  const invalid = context.error?.field === name;
  const described = [hint ? `${name}-hint` : '', invalid ? `${name}-error` : ''].filter(Boolean).join(' ');
  const value = keepValue ? enteredValue(context, name) : '';
  return `<div class="field">
<label for="${name}">${escapeHtml(label)}</label>
<input id="${name}" name="${name}" ${attributes}${value ? ` value="${escapeHtml(value)}"` : ''}${
    invalid ? ' aria-invalid="true"' : ''
  }${described ? ` aria-describedby="${described}"` : ''}>
${hint ? `<p class="hint" id="${name}-hint">${escapeHtml(hint)}</p>` : ''}${
  invalid && context.error
    ? `<p class="field-error" id="${name}-error">${escapeHtml(context.error.message)}</p>`
    : ''
}
</div>`;
}

function cardStep(context: FieldState): string {
  return `${input(context, {
    name: 'cardNumber',
    label: 'Card number',
    hint: 'Test cards: 4111 1111 1111 1111 approves, 4000 0000 0000 0002 is declined, 4000 0000 0000 3220 asks for 3-D Secure.',
    attributes: 'type="text" inputmode="numeric" autocomplete="cc-number" required',
  })}
<div class="row">
${input(context, {
  name: 'expiry',
  label: 'Expiry (MM/YY)',
  attributes: 'type="text" inputmode="numeric" autocomplete="cc-exp" maxlength="5" required',
})}
${input(
  context,
  {
    name: 'cvc',
    label: 'CVC',
    attributes: 'type="text" inputmode="numeric" autocomplete="cc-csc" maxlength="3" required',
  },
  false,
)}
</div>`;
}

function payPalStep(context: FieldState, purpose: string): string {
  return `<p>${escapeHtml(purpose)} Any e-mail and password work in the sandbox.</p>
${input(context, { name: 'paypalEmail', label: 'E-mail', attributes: 'type="email" autocomplete="username"' })}
${input(context, { name: 'paypalPassword', label: 'Password', attributes: 'type="password" autocomplete="current-password"' }, false)}`;
}

/** The bank a shopper picks from `banks`: marked invalid and described by the error when it names `bank`. */
export function bankSelect(context: FieldState, banks: readonly { value: string; label: string }[]): string {
  const chosen = enteredValue(context, 'bank');
  const invalid = context.error?.field === 'bank';
  const options = banks
    .map(
      ({ value, label }) =>
        `<option value="${escapeHtml(value)}"${value === chosen ? ' selected' : ''}>${escapeHtml(label)}</option>`,
    )
    .join('\n');
  return `<div class="field">
<label for="bank">Bank</label>
<select id="bank" name="bank" required${invalid ? ' aria-invalid="true" aria-describedby="bank-error"' : ''}>
<option value="">Select your bank</option>
${options}
</select>
${invalid && context.error ? `<p class="field-error" id="bank-error">${escapeHtml(context.error.message)}</p>` : ''}
</div>`;
}

function bankStep(context: FieldState): string {
  return `${bankSelect(
    context,
    BANKS.map((bank) => ({ value: bank, label: bank })),
  )}
<p class="hint">You approve the payment in your bank's app.</p>`;
}

function cryptoStep(context: FieldState): string {
  const chosen = enteredValue(context, 'cryptoCurrency') || CRYPTO_CURRENCIES[0];
  const choices = CRYPTO_CURRENCIES.map(
    (currency) => `<div class="choice">
<input type="radio" id="crypto-${currency}" name="cryptoCurrency" value="${currency}"${currency === chosen ? ' checked' : ''}>
<label for="crypto-${currency}">${currency}</label>
</div>`,
  ).join('\n');
  return `<fieldset>
<legend>Pay in</legend>
${choices}
</fieldset>
<p class="hint">The sandbox converts the amount at a made-up rate; no wallet is needed.</p>`;
}

function applePayStep({ payment }: StepContext, amount: string): string {
  return `<div class="sheet">
<p><strong>Apple Pay</strong></p>
<dl>
<dt>Card</dt><dd>Sandbox Visa •••• 1111</dd>
<dt>Pay</dt><dd>${escapeHtml(payment.tenantName)}</dd>
<dt>Total</dt><dd>${escapeHtml(amount)}</dd>
</dl>
<p>Approve stands for Face ID or Touch ID.</p>
</div>`;
}

function paymentLinkStep({ payerUrl }: StepContext): string {
  return `<div class="field">
<label for="share-link">Payment link</label>
<input id="share-link" type="url" readonly value="${escapeHtml(payerUrl)}" aria-describedby="share-link-hint">
<p class="hint" id="share-link-hint">Share this link: whoever opens it can pay. Or approve here yourself.</p>
</div>`;
}

function pendingStep(): string {
  return '<p>Your bank confirms the transfer a few seconds after you approve it; the shop hears about it then.</p>';
}

/** The step's heading and fields, for the payment's method. */
/**
 * What the merchant already chose with the shopper (`additionalData.ideal.issuerId`,
 * `additionalData.triplea.cryptoCurrency`), preselected on the page.
 */
function merchantChoices(payment: Payment): Record<string, string> {
  const data = payment.additionalData as
    | { ideal?: { issuerId?: unknown }; triplea?: { cryptoCurrency?: unknown } }
    | undefined;
  const issuerId = data?.ideal?.issuerId;
  const bank = typeof issuerId === 'string' ? BANK_OF_ISSUER[issuerId] : undefined;
  const currency = data?.triplea?.cryptoCurrency;
  return {
    ...(bank ? { bank } : {}),
    ...(typeof currency === 'string' && (CRYPTO_CURRENCIES as readonly string[]).includes(currency)
      ? { cryptoCurrency: currency }
      : {}),
  };
}

export function methodStep(context: StepContext, amount: string): { title: string; fields: string } {
  const { method } = context.payment;
  const withChoices = { ...context, values: { ...merchantChoices(context.payment), ...context.values } };
  const fields = {
    creditcard: () => cardStep(context),
    paypal: () => payPalStep(context, 'Log in to approve the payment with your PayPal balance.'),
    ideal: () => bankStep(withChoices),
    applepay: () => applePayStep(context, amount),
    crypto: () => cryptoStep(withChoices),
    paymentlink: () => paymentLinkStep(context),
    pending: () => pendingStep(),
  }[method]();
  return { title: STEP_TITLES[method], fields };
}

/** The step of saving a payment method without paying: a card form or a PayPal login. */
export function savingStep(
  method: TokenMethod,
  tenantName: string,
  context: FieldState,
): { title: string; fields: string } {
  return method === 'creditcard'
    ? { title: 'Card details', fields: cardStep(context) }
    : {
        title: 'Log in to PayPal',
        fields: payPalStep(context, `Log in to let ${tenantName} charge your PayPal account later.`),
      };
}
