import { createHash } from 'node:crypto';

/**
 * Request header by which the storefront's server (`server.ts`) renders a page to keep
 * (decision 0054). Its value is the secret `PAGE_RENDER_SECRET` of the running processes, and the
 * page is then rendered with stand-ins for what must differ in every answer (the nonce, a form's
 * idempotency key), which the server replaces in each answer. Never taken from a shopper: the
 * server drops it from every request it did not make itself.
 */
export const PAGE_RENDER_HEADER = 'x-page-render';

/** What every answer of a page has of its own. */
export interface AnswerValues {
  /** The nonce of the page's scripts and of its Content-Security-Policy. */
  nonce: string;
  /** The idempotency key of a form that puts something in the cart without the page's script. */
  formKey: string;
}

/**
 * The stand-ins a render request renders with, made from the secret and shaped as the values
 * that replace them (a nonce of 16 bytes in base64, a UUID), so that each answer is as long.
 */
export function renderPlaceholders(secret: string): AnswerValues {
  const digest = createHash('sha256').update(secret).digest();
  const hex = digest.toString('hex');
  const formKey = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  return { nonce: digest.subarray(16).toString('base64'), formKey };
}

/** Whether a request is the server's own render request (its header carries the secret). */
export const isRenderRequest = (
  header: string | null | undefined,
  secret: string | undefined,
): secret is string => Boolean(secret) && header === secret;
