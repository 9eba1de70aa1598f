/** The ways a shopper can pay (spec §3 paymentMethods); a tenant offers some of them. */
export const PAYMENT_METHODS = [
  'creditcard',
  'paypal',
  'ideal',
  'applepay',
  'crypto',
  'paymentlink',
  'cashcode',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const isPaymentMethod = (method: string): method is PaymentMethod =>
  (PAYMENT_METHODS as readonly string[]).includes(method);

/** Methods a shopper can keep for later payments, charged later without the shopper. */
export const SAVABLE_PAYMENT_METHODS = ['creditcard', 'paypal'] as const satisfies readonly PaymentMethod[];
export type SavablePaymentMethod = (typeof SAVABLE_PAYMENT_METHODS)[number];

/**
 * The payment providers a tenant's methods can be collected by: the sandbox provider (the
 * stand-in of a generic provider, every method) and Stripe.
 */
export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** What each provider collects, and which of those it keeps for later charges without the shopper. */
export const PROVIDER_METHODS: Record<
  PaymentProviderName,
  { collects: readonly PaymentMethod[]; saves: readonly SavablePaymentMethod[] }
> = {
  sandbox: { collects: PAYMENT_METHODS, saves: SAVABLE_PAYMENT_METHODS },
  // Apple Pay is a card wallet on Stripe's page; online banking is iDEAL, Bancontact or EPS there.
  stripe: { collects: ['creditcard', 'applepay', 'paypal', 'ideal'], saves: ['creditcard'] },
};

/** Which provider collects a tenant's methods: those it names, the sandbox provider the rest. */
export type PaymentRoutes = Partial<Record<PaymentMethod, PaymentProviderName>>;

export const providerOfMethod = (
  routes: PaymentRoutes | undefined,
  method: PaymentMethod,
): PaymentProviderName => routes?.[method] ?? 'sandbox';

/** Whether a method can be kept for later: one that can be saved at all, by the provider that collects it. */
export function isSavableMethod(method: string, routes?: PaymentRoutes): method is SavablePaymentMethod {
  if (!(SAVABLE_PAYMENT_METHODS as readonly string[]).includes(method)) return false;
  const saves: readonly string[] = PROVIDER_METHODS[providerOfMethod(routes, method as PaymentMethod)].saves;
  return saves.includes(method);
}

/** The methods of a tenant that shoppers can save, in the tenant's order. */
export const savableMethodsOf = (
  methods: readonly PaymentMethod[],
  routes?: PaymentRoutes,
): SavablePaymentMethod[] => methods.filter((method) => isSavableMethod(method, routes));

/**
 * Methods whose money is only held when the shopper approves and taken at commit, for what was
 * delivered; online banking, crypto and payment links take it at once.
 */
export const HOLDING_PAYMENT_METHODS = [
  'creditcard',
  'paypal',
  'applepay',
] as const satisfies readonly PaymentMethod[];

export function capturesAtCommit(method: string): boolean {
  return (HOLDING_PAYMENT_METHODS as readonly string[]).includes(method);
}
