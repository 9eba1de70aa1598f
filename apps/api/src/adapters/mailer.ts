import nodemailer from 'nodemailer';
import { UpstreamUnavailableError } from './http';

/** An e-mail to a shopper. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail; throws `MailerUnavailableError` when the mail server cannot take it. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Ends the connections it keeps open; mail sent afterwards is refused. */
  close(): void;
}

export class MailerUnavailableError extends UpstreamUnavailableError {
  override readonly name = 'MailerUnavailableError';
}

/**
 * Mail over SMTP (`smtp://host:port`), from the given sender, over a few connections kept open
 * between mails: a receipt does not wait for a new connection and its greeting, and a crowd of
 * checkouts does not open one connection per mail.
 */
export function createSmtpMailer({ url, from }: { url: string; from: string }): Mailer {
  const address = new URL(url);
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections: 5,
    // An idle connection is closed before a mail server's own idle limit would cut it.
    idleTimeout: 30_000,
    host: address.hostname,
    port: Number(address.port || 25),
    secure: address.protocol === 'smtps:',
    ignoreTLS: address.protocol !== 'smtps:',
    connectionTimeout: 5000,
    greetingTimeout: 5000,
  });
  return {
    async send(mail) {
      try {
        await transport.sendMail({ from, ...mail });
      } catch (error) {
        throw new MailerUnavailableError(
          `The mail server did not take the mail: ${(error as Error).message}`,
          1,
          {
            cause: error,
          },
        );
      }
    },
    close: () => transport.close(),
  };
}
