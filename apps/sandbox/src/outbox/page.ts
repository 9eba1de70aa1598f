import { escapeHtml, page, readableTime } from '../html';
import type { Channel, OutboxMessage } from './messages';

/**
 * The outbox for people: `GET /outbox` from a browser. Every message, newest first, with a form
 * that filters by recipient (`?to=`). Plain HTML without scripts; reload to see new messages.
 */

const CHANNEL_LABELS: Record<Channel, string> = { email: 'E-mail', sms: 'SMS', whatsapp: 'WhatsApp' };

export interface OutboxPageView {
  messages: OutboxMessage[];
  /** The recipient filter as the person typed it. */
  to?: string;
  /** Why the filter could not be used. */
  error?: string;
  capacity: number;
}

function messageItem(message: OutboxMessage, index: number): string {
  const heading =
    message.channel === 'email'
      ? message.subject || '(no subject)'
      : `${CHANNEL_LABELS[message.channel]} to ${message.to}`;
  const id = `message-${index + 1}`;
  return `<li>
<article aria-labelledby="${id}">
<h2 id="${id}">${escapeHtml(heading)}</h2>
<dl class="details">
<dt>Channel</dt><dd>${CHANNEL_LABELS[message.channel]}</dd>
<dt>To</dt><dd>${escapeHtml(message.to)}</dd>
${message.from ? `<dt>From</dt><dd>${escapeHtml(message.from)}</dd>\n` : ''}<dt>Sent</dt><dd><time datetime="${escapeHtml(message.sentAt)}">${escapeHtml(readableTime(message.sentAt))}</time></dd>
</dl>
<pre class="message-text">${escapeHtml(message.text)}</pre>
</article>
</li>`;
}

function countLine(messages: OutboxMessage[], to: string | undefined): string {
  const count = messages.length === 1 ? '1 message' : `${messages.length} messages`;
  return to ? `${count} to ${to}, newest first.` : `${count}, newest first.`;
}

export function outboxPage(view: OutboxPageView): string {
  const { messages, error, capacity } = view;
  const to = view.to?.trim() ? view.to : undefined;
  const filtered = to !== undefined;
  const invalid = error !== undefined;
  const list = messages.length
    ? `<ol class="messages">\n${messages.map(messageItem).join('\n')}\n</ol>`
    : `<p>${filtered ? 'No messages to this recipient yet.' : 'No messages yet.'}</p>`;
  const body = `<h1>Outbox</h1>
<p>E-mails, SMS and WhatsApp messages the shop sent; none of them left this machine. The sandbox keeps the last ${capacity} in memory.</p>
<form class="filter" method="get" action="/outbox" role="search" aria-label="Messages">
<div class="field">
<label for="to">Recipient</label>
<input id="to" name="to" type="search" autocomplete="off"${to ? ` value="${escapeHtml(to)}"` : ''} aria-describedby="to-hint${invalid ? ' to-error' : ''}"${invalid ? ' aria-invalid="true"' : ''}>
<p class="hint" id="to-hint">An e-mail address or a phone number, such as +4917012345678.</p>
${invalid ? `<p class="field-error" id="to-error">${escapeHtml(error)}</p>\n` : ''}</div>
<button type="submit">Show messages</button>
</form>
${filtered ? '<p><a href="/outbox">Show all messages</a></p>\n' : ''}<p role="status">${invalid ? 'No messages shown.' : escapeHtml(countLine(messages, to))}</p>
${invalid ? '' : list}`;
  return page({
    title: to ? `Outbox: messages to ${to}` : 'Outbox',
    badge: 'Sandbox outbox: nothing is delivered',
    body,
    layout: 'wide',
  });
}
