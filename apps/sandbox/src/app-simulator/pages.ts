import { escapeHtml, page } from '../html';
import { APP_CURRENCIES } from './entry-links';

export const APP_BADGE = 'Sandbox app simulator: plays the shop’s phone app';

const options = (values: readonly string[], chosen: string) =>
  values
    .map(
      (value) =>
        `<option value="${escapeHtml(value)}"${value === chosen ? ' selected' : ''}>${escapeHtml(value)}</option>`,
    )
    .join('');

export interface SimulatorView {
  shops: readonly string[];
  values?: { shopId?: string; msisdn?: string; currency?: string };
  error?: string;
}

/**
 * `GET /app-simulator`: **Shop**, **Phone number** and **Currency**, and **Open shop**, which posts
 * to `/app-simulator/open` and lands in the shop with a fresh signed entry link.
 */
export function simulatorPage({ shops, values = {}, error }: SimulatorView): string {
  const msisdn = values.msisdn ?? '+445600123456';
  const body = `<h1>Phone app</h1>
<p>Opens the shop the way the app does: with a signed entry link for the number and currency chosen here. The shop hands you back to <a href="/app-simulator/return">the app’s return page</a> when you are done.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>\n` : ''}<form class="step" method="post" action="/app-simulator/open">
<div class="field">
<label for="shopId">Shop</label>
<select id="shopId" name="shopId">${options(shops, values.shopId ?? shops[0] ?? '')}</select>
</div>
<div class="field">
<label for="msisdn">Phone number</label>
<input id="msisdn" name="msisdn" type="tel" autocomplete="tel" required value="${escapeHtml(msisdn)}" aria-describedby="msisdn-hint">
<p class="hint" id="msisdn-hint">The app’s signed-in number, in international form.</p>
</div>
<div class="field">
<label for="currency">Currency</label>
<select id="currency" name="currency">${options(APP_CURRENCIES, values.currency ?? 'GBP')}</select>
</div>
<button class="primary" type="submit">Open shop</button>
</form>`;
  return page({ title: 'Phone app – sandbox', body, badge: APP_BADGE });
}

/** `GET /app-simulator/return`: the deep link the shop handed back, every parameter shown. */
export function returnPage(params: readonly [string, string][]): string {
  const rows = params
    .map(
      ([name, value]) =>
        `<dt>${escapeHtml(name)}</dt><dd data-param="${escapeHtml(name)}">${escapeHtml(value)}</dd>`,
    )
    .join('\n');
  const body = `<h1>Back in the app</h1>
${
  params.length > 0
    ? `<p>The shop handed the shopper back with:</p>\n<dl class="details" data-testid="deep-link-params">\n${rows}\n</dl>`
    : '<p>The shop handed the shopper back without any parameters.</p>'
}
<p><a href="/app-simulator">Open the shop again</a></p>`;
  return page({ title: 'Back in the app – sandbox', body, badge: APP_BADGE });
}
