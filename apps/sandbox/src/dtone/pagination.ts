import type { FastifyReply } from 'fastify';
import { badRequest } from './errors';

/**
 * DT One's pagination of lists: `page` (from 1) and `per_page` (1 to 100, default 50) in, the
 * headers `X-Total`, `X-Total-Pages`, `X-Per-Page`, `X-Page`, `X-Next-Page` and `X-Prev-Page`
 * (the last two only when there is such a page) out.
 */

export interface PageRequest {
  page: number;
  perPage: number;
}

const DEFAULT_PER_PAGE = 50;
const MAX_PER_PAGE = 100;

/** The page asked for, from a query string or (the look-up's POST) a body; 400 when malformed. */
export function pageRequestOf(source: Record<string, unknown>): PageRequest {
  return {
    page: whole(source.page, 'page', 1, Number.MAX_SAFE_INTEGER) ?? 1,
    perPage: whole(source.per_page, 'per_page', 1, MAX_PER_PAGE) ?? DEFAULT_PER_PAGE,
  };
}

function whole(value: unknown, name: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < min || number > max) {
    throw badRequest(`${name} must be a whole number from ${min} to ${max}`);
  }
  return number;
}

/** The requested page of `items`, with DT One's pagination headers set on the reply. */
export function paginate<T>(reply: FastifyReply, items: readonly T[], { page, perPage }: PageRequest): T[] {
  const totalPages = Math.ceil(items.length / perPage);
  reply.headers({
    'x-total': items.length,
    'x-total-pages': totalPages,
    'x-per-page': perPage,
    'x-page': page,
    ...(page < totalPages ? { 'x-next-page': page + 1 } : {}),
    ...(page > 1 ? { 'x-prev-page': page - 1 } : {}),
  });
  return items.slice((page - 1) * perPage, page * perPage);
}
