import { escapeHtml, page } from '../html';
import type { Redirect } from './validation';

/**
 * The identity provider's login page, `GET /idp/{shopId}/authorize`: fields **Phone number** and
 * **E-mail**, a box that says whether the provider verified the e-mail, and **Sign in**, which
 * posts back to the same address. Plain HTML without scripts.
 */

export const IDP_BADGE = 'Sandbox identity provider: any number signs in';

export interface LoginView {
  shopId: string;
  action: string;
  redirect: Redirect;
  /** What was typed before a failed try. */
  values?: { msisdn?: unknown; email?: unknown; emailVerified?: unknown };
  error?: { field: 'msisdn' | 'email'; message: string };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function field(
  view: LoginView,
  {
    name,
    label,
    hint,
    attributes,
  }: { name: 'msisdn' | 'email'; label: string; hint: string; attributes: string },
): string {
  const invalid = view.error?.field === name;
  const value = text(view.values?.[name]);
  return `<div class="field">
<label for="${name}">${label}</label>
<input id="${name}" name="${name}" ${attributes}${value ? ` value="${escapeHtml(value)}"` : ''}${
    invalid ? ' aria-invalid="true"' : ''
  } aria-describedby="${name}-hint${invalid ? ` ${name}-error` : ''}">
<p class="hint" id="${name}-hint">${escapeHtml(hint)}</p>
${invalid && view.error ? `<p class="field-error" id="${name}-error">${escapeHtml(view.error.message)}</p>\n` : ''}</div>`;
}

/** The shop's redirect URI with `error=access_denied`: the shopper went back without signing in. */
export function deniedUrl({ redirectUri, state }: Redirect): string {
  const url = new URL(redirectUri);
  url.searchParams.set('error', 'access_denied');
  if (state) url.searchParams.set('state', state);
  return url.toString();
}

export function loginPage(view: LoginView): string {
  const { redirect } = view;
  const verified = view.values === undefined || view.values.emailVerified === 'yes';
  const body = `<h1>Sign in</h1>
<p>With your ${escapeHtml(view.shopId)} account. The sandbox signs in any number: nothing is checked, and the shop receives a signed assertion of what you enter.</p>
<form class="step" method="post" action="${escapeHtml(view.action)}" novalidate>
<input type="hidden" name="redirect_uri" value="${escapeHtml(redirect.redirectUri)}">
${redirect.state ? `<input type="hidden" name="state" value="${escapeHtml(redirect.state)}">\n` : ''}${field(
  view,
  {
    name: 'msisdn',
    label: 'Phone number',
    hint: 'In international form, such as +4915112345678.',
    attributes: 'type="tel" autocomplete="tel" required',
  },
)}
${field(view, {
  name: 'email',
  label: 'E-mail',
  hint: 'Optional.',
  attributes: 'type="email" autocomplete="email"',
})}
<div class="field choice">
<input id="emailVerified" name="emailVerified" type="checkbox" value="yes"${verified ? ' checked' : ''}>
<label for="emailVerified">The provider has verified this e-mail address</label>
</div>
<button type="submit" class="primary">Sign in</button>
</form>
<p><a href="${escapeHtml(deniedUrl(redirect))}">Back to the shop without signing in</a></p>`;
  return page({ title: 'Sign in', badge: IDP_BADGE, body });
}

/** A request the provider cannot serve: a malformed redirect, an unknown shop. */
export function problemPage(title: string, message: string): string {
  return page({
    title,
    badge: IDP_BADGE,
    body: `<h1>${escapeHtml(title)}</h1>\n<div class="error" role="alert">${escapeHtml(message)}</div>`,
  });
}
