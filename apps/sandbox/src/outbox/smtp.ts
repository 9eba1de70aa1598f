import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { Outbox } from './messages';

/**
 * The sandbox's mail server: plain SMTP without TLS (no STARTTLS), authentication optional (any
 * user and password are accepted), messages up to 10 MB. Each recipient of the envelope (To, Cc
 * and Bcc alike) becomes one e-mail in the outbox with the mail's subject and plain text (derived
 * from the HTML part when the mail has no text part).
 */

export const DEFAULT_SMTP_PORT = 2525;
export const DEFAULT_SMTP_HOST = '127.0.0.1';
const MAX_MAIL_BYTES = 10 * 1024 * 1024;

export interface MailServerOptions {
  /** 0 picks any free port. */
  port: number;
  host: string;
  log: FastifyBaseLogger;
}

export class MailServer {
  readonly #outbox: Outbox;
  readonly #options: MailServerOptions;
  readonly #server: SMTPServer;
  #listening = false;

  constructor(outbox: Outbox, options: MailServerOptions) {
    this.#outbox = outbox;
    this.#options = options;
    this.#server = new SMTPServer({
      name: 'sandbox.test',
      banner: 'Sandbox outbox: nothing is delivered',
      logger: false,
      secure: false,
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      allowInsecureAuth: true,
      size: MAX_MAIL_BYTES,
      closeTimeout: 1_000,
      onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'sandbox' }),
      onData: (stream, session, callback) => {
        this.#receive(stream, session).then(() => callback(), callback);
      },
    });
    this.#server.on('error', (error) => options.log.warn({ err: error }, 'SMTP connection failed'));
  }

  /** Starts listening; rejects when the port is taken. */
  async start(): Promise<void> {
    const { port, host, log } = this.#options;
    await new Promise<void>((resolve, reject) => {
      this.#server.server.once('error', reject);
      this.#server.listen(port, host, () => {
        this.#server.server.off('error', reject);
        resolve();
      });
    });
    this.#listening = true;
    log.info({ host, port: this.port() }, 'SMTP server listening');
  }

  /** The port the server listens on; the one asked for until it started. */
  port(): number {
    if (!this.#listening) return this.#options.port;
    return (this.#server.server.address() as AddressInfo).port;
  }

  /** Stops listening; connections still open are closed after a second. */
  async stop(): Promise<void> {
    if (!this.#listening) return;
    this.#listening = false;
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  async #receive(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<void> {
    const mail = await simpleParser(stream);
    if (stream.sizeExceeded) {
      throw Object.assign(new Error('The message is larger than 10 MB'), { responseCode: 552 });
    }
    const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
    const from = mail.from?.text || envelopeFrom || null;
    for (const { address } of session.envelope.rcptTo) {
      this.#outbox.add({
        channel: 'email',
        to: address,
        from,
        subject: mail.subject ?? '',
        text: (mail.text ?? '').trimEnd(),
      });
    }
  }
}
