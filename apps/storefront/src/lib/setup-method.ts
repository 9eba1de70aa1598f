/**
 * The saved method a shopper chose on the top-up form for an automatic top-up set up without a
 * top-up now: the payment page, where the set-up is confirmed, starts with it. Kept for the
 * browser tab only; the payment page asks again when it is gone.
 */
const KEY = 'autoTopupSetupMethod';

export function rememberSetupMethod(paymentTokenId: string): void {
  try {
    sessionStorage.setItem(KEY, paymentTokenId);
  } catch {
    // Storage may be switched off: the payment page then asks for the method.
  }
}

export function rememberedSetupMethod(): string | undefined {
  try {
    return sessionStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}
