import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox } from '../app';
import { type OutboxSandbox, startOutboxSandbox } from './test-support';

let sandbox: OutboxSandbox;
beforeAll(async () => {
  sandbox = await startOutboxSandbox();
});
afterAll(() => sandbox.close());

describe('e-mail over SMTP', () => {
  it('keeps a mail for its recipient with subject and text', async () => {
    await sandbox.sendMail({
      from: '"FunkFix Shop" <noreply@funkfix.test>',
      to: 'kim@example.test',
      subject: 'Your order 1001',
      text: 'Thank you for your order.\nYour top-up is on its way.',
    });
    const { json } = await sandbox.list('?to=kim@example.test');
    expect(json).toEqual([
      {
        messageId: expect.stringMatching(/^msg_/),
        channel: 'email',
        to: 'kim@example.test',
        from: '"FunkFix Shop" <noreply@funkfix.test>',
        subject: 'Your order 1001',
        text: 'Thank you for your order.\nYour top-up is on its way.',
        sentAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    ]);
  });

  it('makes one message per recipient, Cc and Bcc included', async () => {
    await sandbox.sendMail({
      from: 'noreply@funkfix.test',
      to: 'a@example.test',
      cc: 'b@example.test',
      bcc: 'c@example.test',
      subject: 'Voucher',
      text: 'PIN 1234',
    });
    for (const address of ['a@example.test', 'b@example.test', 'c@example.test']) {
      expect((await sandbox.list(`?to=${address}`)).json).toMatchObject([
        { to: address, subject: 'Voucher' },
      ]);
    }
  });

  it('matches addresses without regard to case, newest first', async () => {
    await sandbox.sendMail({
      from: 'noreply@funkfix.test',
      to: 'Max.Mustermann@Example.test',
      subject: 'One',
      text: '1',
    });
    await sandbox.sendMail({
      from: 'noreply@funkfix.test',
      to: 'max.mustermann@example.test',
      subject: 'Two',
      text: '2',
    });
    const { json } = await sandbox.list('?to=MAX.MUSTERMANN%40example.TEST');
    expect(json.map((message: { subject: string }) => message.subject)).toEqual(['Two', 'One']);
  });

  it('reads the text of an HTML-only mail', async () => {
    await sandbox.sendMail({
      from: 'noreply@funkfix.test',
      to: 'html@example.test',
      subject: 'Reset your password',
      html: '<p>Hello,</p><p>reset it <a href="https://shop.test/reset?t=1">here</a>.</p>',
    });
    const [message] = (await sandbox.list('?to=html@example.test')).json;
    expect(message.text).toContain('Hello,');
    expect(message.text).toContain('https://shop.test/reset?t=1');
  });

  it('accepts any login, for clients that always authenticate', async () => {
    const { createTransport } = await import('nodemailer');
    const mailer = createTransport({
      host: '127.0.0.1',
      port: sandbox.app.smtpPort(),
      secure: false,
      auth: { user: 'shop', pass: 'anything' },
    });
    await mailer.sendMail({
      from: 'noreply@funkfix.test',
      to: 'auth@example.test',
      subject: 'Hi',
      text: 'x',
    });
    mailer.close();
    expect((await sandbox.list('?to=auth@example.test')).json).toHaveLength(1);
  });
});

describe('the SMTP server', () => {
  it('listens while the sandbox runs and stops when it closes', async () => {
    const app = await buildSandbox({ smtpPort: 0 });
    await app.ready();
    const port = app.smtpPort();
    expect(port).toBeGreaterThan(0);
    const { createConnection } = await import('node:net');
    const greeting = await new Promise<string>((resolve, reject) => {
      const socket = createConnection({ port, host: '127.0.0.1' });
      socket.once('data', (data) => {
        socket.end();
        resolve(data.toString());
      });
      socket.once('error', reject);
    });
    expect(greeting).toMatch(/^220 /);
    await app.close();
    await expect(
      new Promise((resolve, reject) => {
        const socket = createConnection({ port, host: '127.0.0.1' });
        socket.once('connect', () => {
          socket.destroy();
          resolve('connected');
        });
        socket.once('error', reject);
      }),
    ).rejects.toThrow(/ECONNREFUSED/);
  });

  it('fails to start when its port is taken', async () => {
    const taken = await buildSandbox({ smtpPort: sandbox.app.smtpPort() });
    await expect(taken.ready()).rejects.toThrow(/EADDRINUSE/);
    await taken.close();
  });
});
