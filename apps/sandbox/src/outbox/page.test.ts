import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OutboxSandbox, startOutboxSandbox } from './test-support';

let sandbox: OutboxSandbox;
beforeAll(async () => {
  sandbox = await startOutboxSandbox();
  await sandbox.post({ channel: 'sms', to: '+4917012345678', from: 'FunkFix', text: 'Code <b>1234</b>' });
  await sandbox.sendMail({
    from: 'noreply@funkfix.test',
    to: 'kim@example.test',
    subject: 'Your receipt',
    text: 'Thanks!',
  });
});
afterAll(() => sandbox.close());

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('GET /outbox in a browser', () => {
  it('is an accessible page of all messages, newest first, with a filter form', async () => {
    const { status, headers, text } = await sandbox.list('', BROWSER_ACCEPT);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(text).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(text).toContain('<title>Outbox</title>');
    expect(text).toContain('<h1>Outbox</h1>');
    expect(text).toContain('<form class="filter" method="get" action="/outbox" role="search"');
    expect(text).toContain('<label for="to">Recipient</label>');
    expect(text).toContain('<p role="status">2 messages, newest first.</p>');
    expect(text.indexOf('<h2 id="message-1">Your receipt</h2>')).toBeGreaterThan(0);
    expect(text.indexOf('<h2 id="message-2">SMS to +4917012345678</h2>')).toBeGreaterThan(
      text.indexOf('Your receipt'),
    );
    expect(text).toContain('Code &lt;b&gt;1234&lt;/b&gt;');
    expect(text).not.toContain('<b>1234</b>');
    expect(text).not.toMatch(/<(script|link|img)\b/);
  });

  it('filters by the recipient the form sends, and keeps it in the field', async () => {
    const { text } = await sandbox.list('?to=%2B4917012345678', BROWSER_ACCEPT);
    expect(text).toContain('<title>Outbox: messages to +4917012345678</title>');
    expect(text).toContain('value="+4917012345678"');
    expect(text).toContain('<p role="status">1 message to +4917012345678, newest first.</p>');
    expect(text).not.toContain('Your receipt');
    expect(text).toContain('<a href="/outbox">Show all messages</a>');
  });

  it('treats an empty filter as none', async () => {
    const { status, text } = await sandbox.list('?to=', BROWSER_ACCEPT);
    expect(status).toBe(200);
    expect(text).toContain('2 messages, newest first.');
  });

  it('explains a recipient it cannot read, next to the field', async () => {
    const { status, text } = await sandbox.list('?to=nobody', BROWSER_ACCEPT);
    expect(status).toBe(400);
    expect(text).toContain('aria-invalid="true"');
    expect(text).toContain('<p class="field-error" id="to-error">');
  });

  it('answers JSON to callers that do not ask for HTML', async () => {
    for (const accept of ['*/*', 'application/json', 'application/json, text/html']) {
      const response = await sandbox.list('', accept);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(response.json).toHaveLength(2);
    }
  });
});
