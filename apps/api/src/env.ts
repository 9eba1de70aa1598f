import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

const envSchema = z.object({
  API_PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  API_HOST: z.string().min(1).default('127.0.0.1'),
  /** PostgreSQL connection string; unset means the embedded database in DATA_DIR. */
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  DATA_DIR: z.string().min(1).default(`${repositoryRoot}data`),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SANDBOX_URL: z.url().default('http://localhost:4100'),
  /** Where the payment provider reaches this API (webhooks); default http://127.0.0.1:{API_PORT}. */
  API_PUBLIC_URL: z.url().optional(),
  /** Shared secret of the payment provider's webhook signatures. */
  /** The mail server receipts go through. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).default('smtp://127.0.0.1:2525'),
  MAIL_FROM: z.string().min(3).default('Shop receipts <receipts@shop.example>'),
  /** 32 bytes, base64: the key voucher PINs are encrypted with at rest (a development key when unset). */
  VOUCHER_PIN_KEY: z.string().min(40).optional(),
  /** Seconds between reconciliation passes (orders left between payment and outcome). */
  RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(60),
  /** Seconds a commit holds an order; after a crash another commit takes over once it has passed. */
  COMMIT_LEASE_SECONDS: z.coerce.number().int().min(1).default(30),
  PSP_WEBHOOK_SECRET: z.string().min(8).default('sandbox-webhook-secret'),
  /** Redis that keeps the abuse limits' counts for every API process; unset means each process counts in memory. */
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
});

export type Env = z.infer<typeof envSchema>;

/** Reads the API's settings from the environment; exits with every bad variable named. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const withoutBlanks = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = envSchema.safeParse(withoutBlanks);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`);
  throw new Error(`Invalid environment:\n${problems.join('\n')}`);
}
