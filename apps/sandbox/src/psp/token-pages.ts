import { escapeHtml, page } from '../html';
import {
  actionForms,
  authenticationForms,
  errorAlert,
  link,
  type PageMode,
  PSP_BADGE,
  shellOf,
} from './page-parts';
import { type FieldState, METHOD_LABELS, savingStep } from './steps';
import { isPendingToken } from './tokens';
import type { Token, TokenMethod, TokenStatus } from './types';
import { savePath, tokenReturnUrlFor } from './urls';

/**
 * The pages a shopper sees when a shop asks to save a payment method without a payment: the
 * save page (`GET /psp/save/{id}`, no amount, nothing is charged), its 3-D Secure page
 * (`GET /psp/save/{id}/3ds`) and the page for an unknown token.
 */

const HEADINGS: Record<TokenMethod, string> = {
  creditcard: 'Save your card',
  paypal: 'Save your PayPal account',
};

const OUTCOMES: Record<TokenStatus, string> = {
  PENDING: 'is waiting for you',
  ACTIVE: 'is saved',
  DECLINED: 'was declined',
  CANCELLED: 'was cancelled',
  DELETED: 'was deleted',
};

function heading(token: Token): string {
  return token.method === 'paypal' ? HEADINGS.paypal : HEADINGS.creditcard;
}

function summary(token: Token, title: string): string {
  return `<h1>${escapeHtml(title)}</h1>
<dl class="details">
<dt>Merchant</dt><dd>${escapeHtml(token.tenantName)}</dd>
<dt>Reference</dt><dd>${escapeHtml(token.merchantReference)}</dd>
<dt>Method</dt><dd>${escapeHtml(METHOD_LABELS[token.method])}</dd>
</dl>`;
}

function finished(token: Token, mode: PageMode): string {
  return `<p role="status">This payment method ${OUTCOMES[token.status]}.</p>
<p>${link(tokenReturnUrlFor(token), `Return to ${token.tenantName}`, mode)}</p>`;
}

/** The save page; after a failed action it repeats the shopper's input and says why. */
export function tokenPage(token: Token, view: FieldState & PageMode = {}): string {
  const title = `${heading(token)} with ${token.tenantName}`;
  const shell = shellOf(view, token.returnUrl);
  if (!isPendingToken(token)) {
    const body = `${summary(token, heading(token))}\n${errorAlert(view.error?.message)}\n${finished(token, view)}`;
    return page({ title, badge: PSP_BADGE, ...shell, body });
  }
  const path = savePath(token.tokenId);
  const method: TokenMethod = token.method === 'paypal' ? 'paypal' : 'creditcard';
  const authentication = token.awaitingAuthentication
    ? `<p>Your bank is waiting for you to authenticate. ${link(`${path}/3ds`, 'Continue to authentication', view)}</p>`
    : '';
  const body = `${summary(token, heading(token))}
<p>Nothing is charged now. ${escapeHtml(token.tenantName)} can charge it later, as you agree with them.</p>
${errorAlert(view.error?.message)}
${authentication}
${actionForms(path, savingStep(method, token.tenantName, view), view)}`;
  return page({ title, badge: PSP_BADGE, ...shell, body });
}

/** The 3-D Secure page of a card being saved that asked for it. */
export function tokenAuthenticationPage(token: Token, view: PageMode & { error?: string } = {}): string {
  const path = savePath(token.tokenId);
  const shell = shellOf(view, token.returnUrl);
  const title = 'Authenticate your card';
  if (!isPendingToken(token) || !token.awaitingAuthentication) {
    const body = `${summary(token, title)}
${errorAlert(view.error ?? 'Nothing to authenticate for this card.')}
${isPendingToken(token) ? `<p>${link(path, 'Back to saving your card', view)}</p>` : finished(token, view)}`;
    return page({ title, badge: PSP_BADGE, ...shell, body });
  }
  const body = `${summary(token, title)}
${errorAlert(view.error)}
<p>Your bank asks you to confirm that ${escapeHtml(token.tenantName)} may save the card ending in
${escapeHtml(token.card?.last4 ?? '')}. Nothing is charged now.</p>
${authenticationForms(path, view)}`;
  return page({ title: `${title} for ${token.tenantName}`, badge: PSP_BADGE, ...shell, body });
}

/** The page for a token id the sandbox does not know. */
export function unknownTokenPage(tokenId: string): string {
  return page({
    title: 'Unknown request',
    badge: PSP_BADGE,
    body: `<h1>Unknown request</h1>\n<p>No request to save a payment method has the id ${escapeHtml(tokenId)}. The link may be mistyped, or the sandbox was restarted (it keeps everything in memory only).</p>`,
  });
}
