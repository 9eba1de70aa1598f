import { randomId } from '../ids';
import { checkApproval } from './approval';
import type { ActionOutcome, Payment, Token, TokenRequest, TokenStatus } from './types';

/**
 * Saved payment methods (tokens) the sandbox keeps in memory. A token asked for on its own
 * starts PENDING and the shopper approves it on the save page like a payment without an amount
 * (cards follow the test cards, 3-D Secure included); a payment with `savePaymentMethod` saves
 * an ACTIVE token when it is authorized or captured. Status changes of tokens asked for on their
 * own go to `onChange`, which sends the webhook.
 */

/** Ids of the demo accounts' saved cards: `tok_demo_` and letters, digits or dashes. */
export const DEMO_TOKEN = /^tok_demo_[a-z0-9-]{1,60}$/;

/**
 * A demo account's saved card (the test card 4111 1111 1111 1111, ACTIVE), there for any id of
 * {@link DEMO_TOKEN}, so that the shop's demo data can name one that survives a sandbox restart.
 */
export function demoToken(tokenId: string, now = new Date()): Token {
  const year = String((now.getUTCFullYear() + 4) % 100).padStart(2, '0');
  return {
    tokenId,
    status: 'ACTIVE',
    method: 'creditcard',
    merchantReference: tokenId,
    returnUrl: 'http://localhost:3000/',
    tenantName: 'Demo',
    card: { last4: '1111', brand: 'visa', expiry: `12/${year}` },
    awaitingAuthentication: false,
    createdAt: now.toISOString(),
  };
}

export interface TokenServiceOptions {
  onChange: (token: Token) => void;
}

/** Whether the shopper can still approve, decline or cancel the token. */
export function isPendingToken(token: Token): boolean {
  return token.status === 'PENDING';
}

export class TokenService {
  readonly #tokens = new Map<string, Token>();
  readonly #options: TokenServiceOptions;

  constructor(options: TokenServiceOptions) {
    this.#options = options;
  }

  create(request: TokenRequest): Token {
    const token: Token = {
      ...request,
      tokenId: randomId('tok'),
      status: 'PENDING',
      awaitingAuthentication: false,
      createdAt: new Date().toISOString(),
    };
    this.#tokens.set(token.tokenId, token);
    return token;
  }

  /** Saves the method a payment was approved with as an ACTIVE token, with the card if any. */
  saveFromPayment(payment: Payment): Token {
    const token: Token = {
      tokenId: randomId('tok'),
      status: 'ACTIVE',
      method: payment.method,
      merchantReference: payment.merchantReference,
      returnUrl: payment.returnUrl,
      tenantName: payment.tenantName,
      ...(payment.card ? { card: payment.card } : {}),
      ...(payment.payerEmail ? { payerEmail: payment.payerEmail } : {}),
      awaitingAuthentication: false,
      createdAt: new Date().toISOString(),
    };
    this.#tokens.set(token.tokenId, token);
    return token;
  }

  /** A token by id; a demo token (`tok_demo_…`) exists from its first look-up on (see {@link demoToken}). */
  get(tokenId: string): Token | undefined {
    const known = this.#tokens.get(tokenId);
    if (known || !DEMO_TOKEN.test(tokenId)) return known;
    const token = demoToken(tokenId);
    this.#tokens.set(tokenId, token);
    return token;
  }

  /** Whether a merchant may charge the token. */
  isChargeable(token: Token | undefined): token is Token {
    return token?.status === 'ACTIVE';
  }

  approve(token: Token, input: Record<string, unknown>): ActionOutcome {
    if (!isPendingToken(token)) return { kind: 'not-pending' };
    const approval = checkApproval(token.method, input);
    if (approval.kind === 'invalid') return approval;
    if (approval.card) token.card = approval.card;
    if (approval.payerEmail) token.payerEmail = approval.payerEmail;
    switch (approval.kind) {
      case 'declined':
        this.#finish(token, 'DECLINED');
        return { kind: 'done' };
      case 'three-d-secure':
        token.awaitingAuthentication = true;
        return { kind: 'three-d-secure' };
      case 'approved':
        this.#finish(token, 'ACTIVE');
        return { kind: 'done' };
    }
  }

  decline(token: Token): ActionOutcome {
    if (!isPendingToken(token)) return { kind: 'not-pending' };
    this.#finish(token, 'DECLINED');
    return { kind: 'done' };
  }

  cancel(token: Token): ActionOutcome {
    if (!isPendingToken(token)) return { kind: 'not-pending' };
    this.#finish(token, 'CANCELLED');
    return { kind: 'done' };
  }

  /** The shopper completes (active) or fails (declined) 3-D Secure. */
  authenticate(token: Token, succeeded: boolean): ActionOutcome {
    if (!isPendingToken(token)) return { kind: 'not-pending' };
    if (!token.awaitingAuthentication) return { kind: 'not-requested' };
    this.#finish(token, succeeded ? 'ACTIVE' : 'DECLINED');
    return { kind: 'done' };
  }

  /** The merchant deletes the token; it can no longer be charged. Deleting twice is harmless. */
  delete(token: Token): void {
    token.status = 'DELETED';
    token.awaitingAuthentication = false;
  }

  #finish(token: Token, status: Extract<TokenStatus, 'ACTIVE' | 'DECLINED' | 'CANCELLED'>): void {
    token.status = status;
    token.awaitingAuthentication = false;
    this.#options.onChange(token);
  }
}

/** A token as `GET /psp/tokens/{id}` shows it. */
export function tokenView(token: Token) {
  return {
    tokenId: token.tokenId,
    status: token.status,
    method: token.method,
    merchantReference: token.merchantReference,
    ...(token.customerReference ? { customerReference: token.customerReference } : {}),
    ...(token.card
      ? { cardLast4: token.card.last4, cardBrand: token.card.brand, expiry: token.card.expiry }
      : {}),
    ...(token.payerEmail ? { payerEmail: token.payerEmail } : {}),
  };
}
