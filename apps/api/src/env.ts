import { fileURLToPath } from 'node:url';
import proxyAddr from '@fastify/proxy-addr';
import { trustedProxyList } from '@shop/domain';
import { z } from 'zod';
import { DEVELOPMENT_PIN_KEY } from './vouchers/pin-crypto';

/** The sandbox provider's default signing secret: fine on a development machine, public everywhere else. */
const SANDBOX_WEBHOOK_SECRET = 'sandbox-webhook-secret';
/** The sandbox operator's default signing secret, public like the provider's. */
const SANDBOX_OPERATOR_SECRET = 'sandbox-operator-secret';
/** The sandbox app simulator's key for callhome's entry links, public like the others. */
export const SANDBOX_APP_ENTRY_KEYS = 'callhome:sandbox-app-key-callhome';

/** Whether `TRUSTED_PROXIES` names only what the proxy check understands. */
function isProxyList(value: string): boolean {
  try {
    proxyAddr.compile(trustedProxyList(value, 'production'));
    return true;
  } catch {
    return false;
  }
}

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

const envSchema = z.object({
  API_PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  API_HOST: z.string().min(1).default('127.0.0.1'),
  /** PostgreSQL connection string; unset means the embedded database in DATA_DIR. */
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  DATA_DIR: z.string().min(1).default(`${repositoryRoot}data`),
  /** API processes sharing the port; default one per core on PostgreSQL, always one on the embedded database. */
  API_PROCESSES: z.coerce.number().int().min(1).max(256).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SANDBOX_URL: z.url().default('http://localhost:4100'),
  /** Where the payment provider reaches this API (webhooks); default http://127.0.0.1:{API_PORT}. */
  API_PUBLIC_URL: z.url().optional(),
  /** The shop's address in links sent by SMS, `{shopId}` for the tenant; unset means https://{its first domain}. */
  SHOP_URL_TEMPLATE: z
    .string()
    .regex(/^https?:\/\/\S+$/)
    .optional(),
  /** The mail server receipts go through. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).default('smtp://127.0.0.1:2525'),
  MAIL_FROM: z.string().min(3).default('Shop receipts <receipts@shop.example>'),
  /** 32 bytes, base64: the key voucher PINs are encrypted with at rest (a development key when unset). */
  VOUCHER_PIN_KEY: z.string().min(40).optional(),
  /** Seconds between reconciliation passes (orders left between payment and outcome). */
  RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(60),
  /** Seconds a job may run before it counts as lost (its worker died) and is tried again. */
  JOB_EXPIRE_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  /** Seconds a commit holds an order; after a crash another commit takes over once it has passed. */
  COMMIT_LEASE_SECONDS: z.coerce.number().int().min(1).default(30),
  /** Shared secret of the payment provider's webhook signatures. */
  PSP_WEBHOOK_SECRET: z.string().min(8).default(SANDBOX_WEBHOOK_SECRET),
  /**
   * Where Stripe's API is: unset means Stripe itself in production and the sandbox's stand-in
   * (SANDBOX_URL) elsewhere. The tenants' keys are in the variables their configs name.
   */
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Where Twilio's API is: unset means Twilio itself in production and the sandbox's stand-in
   * (SANDBOX_URL/twilio) elsewhere. The tenants' credentials are in the variables their configs name.
   */
  TWILIO_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Where DT One's DVS API is: unset means DT One itself in production and the sandbox's stand-in
   * (SANDBOX_URL/dtone) elsewhere. The tenants' keys are in the variables their configs name.
   */
  DTONE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Shared secret of the mobile operator's event signatures (low balance, tariff renewal, SMS). */
  OPERATOR_WEBHOOK_SECRET: z.string().min(8).default(SANDBOX_OPERATOR_SECRET),
  /**
   * The keys the tenants' phone apps sign their entry links with (decision 0050), `shopId:key`
   * pairs separated by spaces or commas, each key at least 16 characters.
   */
  APP_ENTRY_KEYS: z
    .string()
    .regex(
      /^\s*[a-z0-9-]+:\S{16,}(?:[\s,]+[a-z0-9-]+:\S{16,})*\s*$/,
      'must be shopId:key pairs, keys of 16 characters or more',
    )
    .optional(),
  /** Redis that keeps the abuse limits' counts for every API process; unset means each process counts in memory. */
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  NODE_ENV: z.string().default('development'),
  /**
   * The proxies whose word on the client's address the API takes: the storefront's `X-CLIENT-IP`
   * and their `X-Forwarded-For` (decision 0062). Addresses, CIDR ranges, `loopback`, `linklocal`,
   * `uniquelocal` or `none`; default loopback outside production and none in it.
   */
  TRUSTED_PROXIES: z
    .string()
    .refine(
      (value) => isProxyList(value),
      'must be addresses, CIDR ranges, loopback, linklocal, uniquelocal or none',
    )
    .optional(),
  /**
   * `true` for a demo deployment: the API loads the demo accounts, saved cards, stock and posts
   * and may run on a database that holds them. Default: true outside production, false in it.
   */
  DEMO_DEPLOYMENT: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
});

export type Env = z.infer<typeof envSchema>;

/**
 * Secrets whose development or example values are public (in this repository and its docs): a
 * production API refuses to start on them, or with no key at all where a default would apply.
 */
const PUBLIC_SECRET_VALUES: Readonly<
  Record<'VOUCHER_PIN_KEY' | 'PSP_WEBHOOK_SECRET' | 'OPERATOR_WEBHOOK_SECRET', readonly string[]>
> = {
  VOUCHER_PIN_KEY: [DEVELOPMENT_PIN_KEY],
  PSP_WEBHOOK_SECRET: [SANDBOX_WEBHOOK_SECRET, 'test-webhook-secret', 'change-me', 'changeme', 'secret'],
  OPERATOR_WEBHOOK_SECRET: [SANDBOX_OPERATOR_SECRET, 'change-me', 'changeme', 'secret'],
};

/**
 * The keys of each tenant's app: `APP_ENTRY_KEYS`, else the sandbox's outside production (in
 * production no app opens the shop until its key is set). A shop named twice has two keys, both
 * accepted: while its app moves to a new key, links signed with the old one still open the shop.
 */
export function appEntryKeysOf(
  env: Pick<Env, 'APP_ENTRY_KEYS' | 'NODE_ENV'>,
): ReadonlyMap<string, readonly string[]> {
  const value = env.APP_ENTRY_KEYS ?? (env.NODE_ENV === 'production' ? '' : SANDBOX_APP_ENTRY_KEYS);
  const keys = new Map<string, string[]>();
  for (const pair of value
    .trim()
    .split(/[\s,]+/)
    .filter(Boolean)) {
    const colon = pair.indexOf(':');
    const shopId = pair.slice(0, colon);
    keys.set(shopId, [...(keys.get(shopId) ?? []), pair.slice(colon + 1)]);
  }
  return keys;
}

const productionSchema = envSchema.superRefine((env, context) => {
  if (!env.DATABASE_URL && (env.API_PROCESSES ?? 1) > 1) {
    context.addIssue({
      code: 'custom',
      path: ['API_PROCESSES'],
      message: 'must be 1 on the embedded database (it takes one process); set DATABASE_URL for more',
    });
  }
  if (env.NODE_ENV !== 'production') return;
  for (const [name, publicValues] of Object.entries(PUBLIC_SECRET_VALUES)) {
    const value = env[name as keyof typeof PUBLIC_SECRET_VALUES];
    if (value === undefined || publicValues.includes(value.trim())) {
      context.addIssue({
        code: 'custom',
        path: [name],
        message: 'must be set to a secret of its own in production (the development value is public)',
      });
    }
  }
  if (env.APP_ENTRY_KEYS?.includes(SANDBOX_APP_ENTRY_KEYS)) {
    context.addIssue({
      code: 'custom',
      path: ['APP_ENTRY_KEYS'],
      message: 'must not hold the sandbox’s key in production (it is public)',
    });
  }
});

/** Whether this deployment is a demo: it loads the demo data and may run on a database that holds it. */
export const isDemoDeployment = (env: Pick<Env, 'DEMO_DEPLOYMENT' | 'NODE_ENV'>): boolean =>
  env.DEMO_DEPLOYMENT === undefined ? env.NODE_ENV !== 'production' : env.DEMO_DEPLOYMENT === 'true';

/** How many API processes share the port: API_PROCESSES, else one per core on PostgreSQL and one on the embedded database. */
export const apiProcessCount = (env: Pick<Env, 'API_PROCESSES' | 'DATABASE_URL'>, cores: number): number =>
  env.API_PROCESSES ?? (env.DATABASE_URL ? cores : 1);

/** Reads the API's settings from the environment; exits with every bad variable named. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const withoutBlanks = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = productionSchema.safeParse(withoutBlanks);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`);
  throw new Error(`Invalid environment:\n${problems.join('\n')}`);
}
