import { createTransport } from 'nodemailer';
import { buildSandbox } from '../app';

/**
 * Helpers for the outbox's tests: a sandbox on free HTTP and SMTP ports, the SMS gateway, the
 * outbox query, and a real SMTP client (nodemailer) that sends mail to the sandbox.
 */

export type OutboxSandbox = Awaited<ReturnType<typeof startOutboxSandbox>>;

export async function startOutboxSandbox() {
  const app = await buildSandbox({ smtpPort: 0 });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const mailer = createTransport({ host: '127.0.0.1', port: app.smtpPort(), secure: false });

  return {
    app,
    base,
    /** Posts to the SMS/WhatsApp gateway. */
    async post(body: unknown) {
      const response = await fetch(`${base}/outbox/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, json: JSON.parse(await response.text()) };
    },
    /** `GET /outbox` with the raw query string (e.g. `?to=%2B49…`). */
    async list(query = '', accept = 'application/json') {
      const response = await fetch(`${base}/outbox${query}`, { headers: { accept } });
      const text = await response.text();
      const json = response.headers.get('content-type')?.startsWith('application/json')
        ? JSON.parse(text)
        : undefined;
      return { status: response.status, headers: response.headers, text, json };
    },
    /** Sends an e-mail over SMTP. */
    sendMail: (mail: Parameters<typeof mailer.sendMail>[0]) => mailer.sendMail(mail),
    close: async () => {
      mailer.close();
      await app.close();
    },
  };
}
