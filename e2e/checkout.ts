import { type BrowserContext, expect, type Locator, type Page } from '@playwright/test';
import { ports } from '../playwright.config';
import { shopUrl } from './shop';

/** The sandbox (payment provider pages and message outbox) of the journeys' stack. */
export const sandboxUrl = `http://localhost:${ports.sandbox}`;

/** The sandbox's hosted payment pages, its 3-D Secure page among them. */
export const payerPage = new RegExp(`^${sandboxUrl}/psp/pay/`);

/** The shop's result page. */
export const resultPage = /\/shop\/checkout\/result\?cartName=[\w-]+&orderNumber=[A-Z0-9-]+/;

/** The shop's cash-code result page. */
export const cashCodeResultPage =
  /\/shop\/checkout\/result\/cash-code\?cartName=[\w-]+&orderNumber=[A-Z0-9-]+$/;

export const testCards = {
  approve: '4111 1111 1111 1111',
  decline: '4000 0000 0000 0002',
  threeDSecure: '4000 0000 0000 3220',
};

/** The labels of a top-up form in the tenant's default language. */
export interface TopupLabels {
  phone: string;
  next: string;
  /** The top-up type to choose, when not once-off. */
  type?: string;
}

/**
 * A mobile number of the numbering plan's prefix no other journey uses at the same time. The
 * sandbox operator reads the last four digits: `ending` picks its outcome (9999 fails, 8888 is
 * pending for a few seconds); without one the number never ends in a magic four.
 */
export function uniqueNumber(prefix: string, digits = 7, ending = ''): string {
  const free = digits - ending.length;
  for (;;) {
    const random = String(Math.floor(Math.random() * 10 ** free)).padStart(free, '0');
    const number = `${prefix}${random}${ending}`;
    if (ending || !/(9999|8888|7777)$/.test(number)) return number;
  }
}

/** An address of the benchmarking range (198.18.0.0/15), hardly ever the same twice. */
export function uniqueClientAddress(): string {
  const part = () => Math.floor(Math.random() * 254) + 1;
  return `198.${18 + Math.floor(Math.random() * 2)}.${part()}.${part()}`;
}

/**
 * Makes the browser a shopper of its own address at the shop (`address`, else a fresh one): its
 * calls to the shop's `/api` carry it as `X-Forwarded-For`, which the journeys' storefront takes
 * from loopback as it would from a proxy in front of it (decision 0062). The API's limits per
 * address then never count another journey's calls, nor an earlier run's.
 */
export async function ownClientAddress(
  context: BrowserContext,
  shopId: string,
  address = uniqueClientAddress(),
): Promise<string> {
  const api = new RegExp(`^${shopUrl(shopId, '/api/').replaceAll('.', '\\.')}`);
  await context.route(api, (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': address } }),
  );
  return address;
}

/**
 * Puts a top-up in the cart through the tenant's main page and waits for the next page, as a
 * shopper of its own address.
 */
export async function addTopup(
  page: Page,
  shopId: string,
  { amount, phone, labels }: { amount: string; phone: string; labels: TopupLabels },
) {
  await ownClientAddress(page.context(), shopId);
  await page.goto(shopUrl(shopId));
  const form = page.getByTestId('topup-form');
  // A choice made before the form's script runs is undone when it starts, and a busy machine may
  // leave its first call unanswered: the shopper chooses and presses again until the next page
  // comes (no page came, so nothing is in the cart twice).
  await expect(async () => {
    if (labels.type) await form.getByRole('radio', { name: labels.type, exact: true }).check();
    await form.getByRole('radio', { name: amount, exact: true }).check();
    await form.getByRole('textbox', { name: labels.phone }).fill(phone);
    await form.getByRole('button', { name: labels.next, exact: true }).click();
    await expect(page).toHaveURL(/\/shop\/checkout\/(cart|payment)$/, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Chooses a kind of top-up (`radio`) on the form once its script runs, until its part (`part`, a
 * test id) shows: a choice made before the script runs reaches no script, so the form goes back to
 * once-off and forth again until one does.
 */
export async function chooseTopupType(form: Locator, radio: Locator, part: string) {
  const onceOff = form.locator('input[name=topupType][value=ONCE_OFF]');
  await expect(async () => {
    if ((await onceOff.count()) > 0) await onceOff.check();
    await radio.check();
    await expect(form.getByTestId(part)).toBeVisible({ timeout: 1_000 });
  }).toPass();
}

/** Fills the shop's payment form: the e-mail for the receipt and the method. */
export async function choosePayment(page: Page, { email, method }: { email: string; method: string }) {
  const form = page.getByTestId('payment-form');
  await form.getByRole('textbox', { name: /e-?mail/i }).fill(email);
  await form.getByRole('radio', { name: method }).check();
  await form.getByTestId('withdrawal-consent').check();
}

/** The German pay button (§312j BGB): it names the obligation to pay, not the amount. */
export const PAY_BUTTON = 'Zahlungspflichtig bestellen';

/** Orders with the pay button once the form shows `amount` as the amount due. */
export async function orderAndPay(page: Page, amount: string) {
  await expect(page.getByTestId('amount-due')).toContainText(amount);
  await page.getByRole('button', { name: PAY_BUTTON }).click();
}

/** Pays on the sandbox's card step, on its own page or in the shop's frame. */
export async function payByCard(root: Locator, cardNumber: string) {
  const year = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');
  await root.getByLabel('Card number').fill(cardNumber);
  await root.getByLabel('Expiry (MM/YY)').fill(`12/${year}`);
  await root.getByLabel('CVC').fill('123');
  await root.getByRole('button', { name: 'Approve' }).click();
}

/** The result page shows the outcome of the commit (asked again every 2 s while it is pending). */
export async function expectOutcome(page: Page, text: string, url: RegExp = resultPage) {
  await expect(page).toHaveURL(url);
  await expect(page.getByTestId('payment-outcome')).toHaveText(text, { timeout: 25_000 });
}

/** The prepaid balance the sandbox operator keeps for a number (E.164), in minor units. */
export async function operatorBalance(msisdn: string): Promise<number> {
  const response = await fetch(`${sandboxUrl}/operator/balances/${encodeURIComponent(msisdn)}`);
  if (!response.ok) throw new Error(`Balance of ${msisdn}: sandbox answered ${response.status}`);
  return ((await response.json()) as { balance: number }).balance;
}

/** The newest one-time code the sandbox outbox holds for a number (E.164). */
export async function latestCode(msisdn: string): Promise<string | undefined> {
  const response = await fetch(`${sandboxUrl}/outbox?to=${encodeURIComponent(msisdn)}`, {
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) return undefined;
  const messages = (await response.json()) as { channel: string; text: string }[];
  // Other messages (a link, an answer) may come in between: the newest one with a code counts.
  return messages
    .filter((message) => message.channel === 'sms')
    .map((message) => message.text.match(/\b\d{6}\b/)?.[0])
    .find((code) => code !== undefined);
}

/** The code dialog's texts in the page's language. */
export const CODE_DIALOG = {
  de: { title: 'Handynummer bestätigen', code: 'Code aus der SMS', confirm: 'Code bestätigen' },
  en: { title: 'Confirm your mobile number', code: 'Code from the SMS', confirm: 'Confirm code' },
  nl: { title: 'Bevestig je mobiele nummer', code: 'Code uit de sms', confirm: 'Code bevestigen' },
};

/** Confirms the number in the code dialog with the code the sandbox sent it by SMS. */
export async function confirmNumberByCode(page: Page, msisdn: string, language: keyof typeof CODE_DIALOG) {
  const texts = CODE_DIALOG[language];
  const dialog = page.getByRole('dialog', { name: texts.title });
  await expect(dialog).toBeVisible();
  let code: string | undefined;
  await expect.poll(async () => (code = await latestCode(msisdn)), { timeout: 10_000 }).toMatch(/^\d{6}$/);
  await dialog.getByRole('textbox', { name: texts.code }).fill(code ?? '');
  await dialog.getByRole('button', { name: texts.confirm }).click();
}
