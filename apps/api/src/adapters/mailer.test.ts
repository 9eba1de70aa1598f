import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { createSmtpMailer, type Mailer, MailerUnavailableError } from './mailer';

/** A mail server on `port` (a free one when 0) that counts the connections it took and the mails it received. */
async function mailServer(port = 0) {
  const connections: string[] = [];
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    closeTimeout: 100,
    logger: false,
    onConnect: (session, callback) => {
      connections.push(session.id);
      callback();
    },
    onData: (stream, session, callback) => {
      stream.resume();
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((recipient) => recipient.address));
        callback();
      });
    },
  });
  server.listen(port, '127.0.0.1');
  await once(server.server, 'listening');
  return {
    port: (server.server.address() as AddressInfo).port,
    connections,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const receipt = (to: string) => ({ to, subject: 'Your top-up', text: 'Thank you.' });

describe('the SMTP mailer', () => {
  const cleanUp: (() => unknown)[] = [];
  afterEach(async () => {
    for (const step of cleanUp.splice(0).reverse()) await step();
  });

  function mailerTo(port: number): Mailer {
    const mailer = createSmtpMailer({
      url: `smtp://127.0.0.1:${port}`,
      from: 'Shop <receipts@shop.example>',
    });
    cleanUp.push(() => mailer.close());
    return mailer;
  }

  it('sends mail after mail over the connection it keeps open', async () => {
    const server = await mailServer();
    cleanUp.push(server.close);
    const mailer = mailerTo(server.port);
    for (const to of ['a@example.com', 'b@example.com', 'c@example.com']) await mailer.send(receipt(to));
    expect(server.received).toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
    expect(server.connections).toHaveLength(1);
  });

  it('sends the next mail over a new connection once the mail server dropped the kept one', async () => {
    const first = await mailServer();
    const mailer = mailerTo(first.port);
    await mailer.send(receipt('a@example.com'));
    await first.close();
    const second = await mailServer(first.port);
    cleanUp.push(second.close);
    await mailer.send(receipt('b@example.com'));
    expect(second.received).toEqual(['b@example.com']);
  });

  it('refuses mail once closed', async () => {
    const server = await mailServer();
    cleanUp.push(server.close);
    const mailer = mailerTo(server.port);
    await mailer.send(receipt('a@example.com'));
    mailer.close();
    await expect(mailer.send(receipt('b@example.com'))).rejects.toBeInstanceOf(MailerUnavailableError);
    expect(server.received).toEqual(['a@example.com']);
  });
});
