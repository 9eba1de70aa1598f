import { escapeHtml, type PageLayout } from '../html';

/**
 * Pieces of the payment provider's pages. In an embedded page (`?embedded=1`, shown in an
 * iframe inside the shop's page) every form and link targets `_top`, so the shopper's whole
 * window moves on to the next step (3-D Secure, the shop's return URL).
 */

export const PSP_BADGE = 'Sandbox payment provider: no real money moves';

/** How a hosted page is shown: on its own, or compact inside a shop's iframe. */
export interface PageMode {
  embedded?: boolean;
}

/**
 * The shell options of a hosted page: the compact layout in a shop's frame, whose height script
 * posts to the origin of the shop's return URL (the shop that frames the page).
 */
export function shellOf(
  { embedded }: PageMode,
  returnUrl: string,
): { layout: PageLayout; parentOrigin?: string } {
  if (!embedded) return { layout: 'card' };
  const parentOrigin = originOf(returnUrl);
  return parentOrigin ? { layout: 'embedded', parentOrigin } : { layout: 'embedded' };
}

/** The origin of an absolute http(s) URL, or undefined. */
function originOf(url: string): string | undefined {
  try {
    const { protocol, origin } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? origin : undefined;
  } catch {
    return undefined;
  }
}

/** ` target="_top"` in an embedded page, nothing otherwise. */
export function topTarget({ embedded }: PageMode): string {
  return embedded ? ' target="_top"' : '';
}

export function link(href: string, text: string, mode: PageMode): string {
  return `<a href="${escapeHtml(href)}"${topTarget(mode)}>${escapeHtml(text)}</a>`;
}

/** A form of one button that POSTs to `action`. */
export function postButton(action: string, label: string, mode: PageMode, primary = false): string {
  return `<form method="post" action="${escapeHtml(action)}"${topTarget(mode)}><button type="submit"${
    primary ? ' class="primary"' : ''
  }>${escapeHtml(label)}</button></form>`;
}

export function errorAlert(message: string | undefined): string {
  return message ? `<div class="error" role="alert">${escapeHtml(message)}</div>` : '';
}

/** The Approve form around a method's step, then Decline and Cancel. */
export function actionForms(path: string, step: { title: string; fields: string }, mode: PageMode): string {
  return `<form class="step" method="post" action="${escapeHtml(`${path}/approve`)}"${topTarget(mode)} aria-labelledby="step-title">
<h2 id="step-title">${escapeHtml(step.title)}</h2>
${step.fields}
<button type="submit" class="primary">Approve</button>
</form>
<div class="actions">
${postButton(`${path}/decline`, 'Decline', mode)}
${postButton(`${path}/cancel`, 'Cancel', mode)}
</div>`;
}

/** The buttons of a 3-D Secure page. */
export function authenticationForms(path: string, mode: PageMode): string {
  return `<div class="actions">
${postButton(`${path}/3ds/complete`, 'Complete authentication', mode, true)}
${postButton(`${path}/3ds/fail`, 'Fail authentication', mode)}
</div>`;
}
