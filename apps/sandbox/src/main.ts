import closeWithGrace from 'close-with-grace';
import { buildSandbox } from './app';

const port = Number(process.env.SANDBOX_PORT ?? 4100);
const host = process.env.SANDBOX_HOST ?? 'localhost';

const app = await buildSandbox({
  logger: { level: process.env.LOG_LEVEL ?? 'info' },
  publicBaseUrl: process.env.SANDBOX_URL ?? `http://localhost:${port}`,
  smtpPort: Number(process.env.SANDBOX_SMTP_PORT ?? 2525),
  ...(process.env.SANDBOX_SMTP_HOST ? { smtpHost: process.env.SANDBOX_SMTP_HOST } : {}),
  ...(process.env.SANDBOX_WEBHOOK_SECRET ? { webhookSecret: process.env.SANDBOX_WEBHOOK_SECRET } : {}),
  ...(process.env.OPERATOR_WEBHOOK_URL ? { operatorWebhookUrl: process.env.OPERATOR_WEBHOOK_URL } : {}),
  ...(process.env.STRIPE_WEBHOOK_URL ? { stripeWebhookUrl: process.env.STRIPE_WEBHOOK_URL } : {}),
  ...(process.env.STRIPE_WEBHOOK_SECRET ? { stripeWebhookSecret: process.env.STRIPE_WEBHOOK_SECRET } : {}),
  ...(process.env.DTONE_API_KEY ? { dtoneApiKey: process.env.DTONE_API_KEY } : {}),
  ...(process.env.DTONE_API_SECRET ? { dtoneApiSecret: process.env.DTONE_API_SECRET } : {}),
  ...(process.env.APP_ENTRY_KEYS ? { appKeys: process.env.APP_ENTRY_KEYS } : {}),
  ...(process.env.SHOP_URL_TEMPLATE ? { shopUrlTemplate: process.env.SHOP_URL_TEMPLATE } : {}),
  ...(process.env.TWILIO_ACCOUNT_SID ? { twilioAccountSid: process.env.TWILIO_ACCOUNT_SID } : {}),
  ...(process.env.TWILIO_AUTH_TOKEN ? { twilioAuthToken: process.env.TWILIO_AUTH_TOKEN } : {}),
  ...(process.env.TWILIO_INCOMING_NUMBERS
    ? { twilioIncomingNumbers: process.env.TWILIO_INCOMING_NUMBERS }
    : {}),
  ...(process.env.OPERATOR_WEBHOOK_SECRET
    ? { operatorWebhookSecret: process.env.OPERATOR_WEBHOOK_SECRET }
    : {}),
});
closeWithGrace({ delay: 5_000 }, async () => {
  await app.close();
});
await app.listen({ port, host });
