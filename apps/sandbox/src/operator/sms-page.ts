import { escapeHtml, page, readableTime } from '../html';
import type { SmsEvent } from './sms';
import { MAX_SMS_LENGTH, type SmsField, type SmsProblem } from './validation';

/**
 * The page on which a person texts the shop as a shopper would, `GET /operator/sms`: fields
 * **From**, **To**, **Text** and **Message id**, and **Send SMS**, which posts to the same address
 * and sends the SMS as `POST /operator/events/sms` does. Below the form, the last SMS sent. Plain
 * HTML without scripts.
 */

export const OPERATOR_BADGE = 'Sandbox mobile operator: nothing goes over the phone network';
export const RECENT_SMS_COUNT = 20;

/** What the fields hold, as typed. */
export type SmsFormValues = Partial<Record<SmsField, string>>;

export interface SmsPageView {
  values: SmsFormValues;
  /** The SMS just sent. */
  sent?: { from: string; messageId: string; delivered: boolean };
  problem?: SmsProblem;
  /** The last SMS sent, newest first. */
  recent: SmsEvent[];
}

const LABELS: Record<SmsField, string> = { from: 'From', to: 'To', text: 'Text', messageId: 'Message id' };
const ERROR_ID = 'sms-error';

interface FieldSpec {
  name: SmsField;
  hint: string;
  attributes: string;
  multiline?: boolean;
}

function field(view: SmsPageView, { name, hint, attributes, multiline }: FieldSpec): string {
  const invalid = view.problem?.field === name;
  const value = view.values[name] ?? '';
  const described = ` aria-describedby="${name}-hint${invalid ? ` ${ERROR_ID}` : ''}"${invalid ? ' aria-invalid="true"' : ''}`;
  // A newline right after <textarea> is dropped by the parser, so a text that starts with one keeps it.
  const control = multiline
    ? `<textarea id="${name}" name="${name}" ${attributes}${described}>\n${escapeHtml(value)}</textarea>`
    : `<input id="${name}" name="${name}" ${attributes}${value ? ` value="${escapeHtml(value)}"` : ''}${described}>`;
  return `<div class="field">
<label for="${name}">${LABELS[name]}</label>
${control}
<p class="hint" id="${name}-hint">${escapeHtml(hint)}</p>
</div>`;
}

function sentStatus({ from, messageId, delivered }: NonNullable<SmsPageView['sent']>): string {
  const outcome = delivered ? 'SMS sent' : 'SMS kept; the shop has not taken it yet';
  return `<p role="status">${outcome}. Message id: ${escapeHtml(messageId)}</p>
<p><a href="/outbox?to=${encodeURIComponent(from)}">Answers in the outbox</a></p>\n`;
}

function recentItem(sms: SmsEvent): string {
  return `<li>
<dl class="details">
<dt>Sent</dt><dd><time datetime="${escapeHtml(sms.occurredAt)}">${escapeHtml(readableTime(sms.occurredAt))}</time></dd>
<dt>From</dt><dd>${escapeHtml(sms.from)}</dd>
<dt>To</dt><dd>${escapeHtml(sms.to)}</dd>
<dt>Text</dt><dd class="message-text">${escapeHtml(sms.text)}</dd>
<dt>Message id</dt><dd>${escapeHtml(sms.messageId)}</dd>
</dl>
</li>`;
}

function recentList(recent: SmsEvent[]): string {
  const list = recent.length
    ? `<p>Newest first, at most the last ${RECENT_SMS_COUNT}.</p>\n<ol class="messages">\n${recent.map(recentItem).join('\n')}\n</ol>`
    : '<p>No SMS sent yet.</p>';
  return `<section class="step" aria-labelledby="recent-title">
<h2 id="recent-title">Last SMS sent</h2>
${list}
</section>`;
}

export function smsPage(view: SmsPageView): string {
  const { problem, sent } = view;
  const alert = problem
    ? `<div class="error" role="alert" id="${ERROR_ID}">${escapeHtml(`${LABELS[problem.field]} must be ${problem.rule}.`)}</div>\n`
    : '';
  const body = `<h1>Send an SMS to the shop</h1>
<p>As a shopper texts the shop's short number: the operator sends the SMS to the shop's webhook as a signed <code>sms</code> event.</p>
${sent ? sentStatus(sent) : ''}<form class="step" method="post" action="/operator/sms" novalidate>
${alert}${field(view, {
  name: 'from',
  hint: "The shopper's phone number in international form, such as +4917012345678.",
  attributes: 'type="tel" autocomplete="off" required',
})}
${field(view, {
  name: 'to',
  hint: "The shop's SMS short number, such as 80888.",
  attributes: 'type="text" inputmode="tel" autocomplete="off" required',
})}
${field(view, {
  name: 'text',
  hint: 'Such as KOOP 15 1234.',
  attributes: `rows="3" maxlength="${MAX_SMS_LENGTH}" required`,
  multiline: true,
})}
${field(view, {
  name: 'messageId',
  hint: 'Optional. Leave it empty for a new message; the id of a message sent before delivers that message again, as a real SMS gateway redelivers.',
  attributes: 'type="text" autocomplete="off" spellcheck="false" maxlength="100"',
})}
<button type="submit" class="primary">Send SMS</button>
</form>
${recentList(view.recent)}`;
  return page({ title: 'Send an SMS to the shop', badge: OPERATOR_BADGE, body });
}
