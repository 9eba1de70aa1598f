import { FAILED_LIKE_ORDER_STATUSES, type OrderStatus } from './payment';

/**
 * The groups the account's order history is filtered and labelled by (docs/decisions/0038): a
 * shopper asks "what went through, what is still running, what failed, what came back", not for
 * one of the fifteen statuses of spec §4. Every status belongs to exactly one group.
 */
export const ORDER_STATUS_GROUPS = ['completed', 'pending', 'failed', 'refunded'] as const;
export type OrderStatusGroup = (typeof ORDER_STATUS_GROUPS)[number];

/** The history's status filter: one group, or every order. */
export const ORDER_STATUS_FILTERS = ['all', ...ORDER_STATUS_GROUPS] as const;
export type OrderStatusFilter = (typeof ORDER_STATUS_FILTERS)[number];

export const STATUSES_OF_GROUP: Readonly<Record<OrderStatusGroup, readonly OrderStatus[]>> = {
  // Delivered, in whole or in part; ORDER_ALREADY_COMMITTED is a commit answered a second time.
  completed: ['committed', 'partiallyCommitted', 'productProcessDone', 'ORDER_ALREADY_COMMITTED'],
  // Paid, or waiting for the payment, and not delivered yet.
  pending: ['paymentInit', 'paymentPending', 'paymentAuthorized', 'paid'],
  // Spec §4's failed-like set.
  failed: FAILED_LIKE_ORDER_STATUSES,
  refunded: ['refunded', 'partiallyRefunded'],
};

const GROUP_OF_STATUS: ReadonlyMap<string, OrderStatusGroup> = new Map(
  ORDER_STATUS_GROUPS.flatMap((group) => STATUSES_OF_GROUP[group].map((status) => [status, group] as const)),
);

/** The group an order's status is shown in; undefined for a status the shop does not know. */
export function orderStatusGroup(status: string): OrderStatusGroup | undefined {
  return GROUP_OF_STATUS.get(status);
}

/** The statuses a filter asks the history for; undefined for every order. */
export function statusesOfFilter(filter: OrderStatusFilter): readonly OrderStatus[] | undefined {
  return filter === 'all' ? undefined : STATUSES_OF_GROUP[filter];
}

export const isOrderStatusFilter = (value: string | undefined): value is OrderStatusFilter =>
  (ORDER_STATUS_FILTERS as readonly string[]).includes(value ?? '');

/** A history page as the shopper asked for it: 1-based page, days as YYYY-MM-DD, a status filter. */
export interface OrderHistoryView {
  page: number;
  from?: string;
  to?: string;
  status: OrderStatusFilter;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day written as YYYY-MM-DD that exists (no 2025-02-30); undefined otherwise. */
export function calendarDay(value: string | undefined): string | undefined {
  const match = DAY.exec(value?.trim() ?? '');
  if (!match) return undefined;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    ? (match[0] as string)
    : undefined;
}

/**
 * The history view a page's query asks for, read leniently: a page below 1 or not a number is
 * the first, a day that is not one is left out, an unknown status filter means every order, and
 * a range given the wrong way round is turned around (the form then shows it as it was applied).
 */
export function readOrderHistoryView(query: {
  page?: string;
  from?: string;
  to?: string;
  status?: string;
}): OrderHistoryView {
  const page = Number.parseInt(query.page ?? '', 10);
  let from = calendarDay(query.from);
  let to = calendarDay(query.to);
  if (from && to && from > to) [from, to] = [to, from];
  return {
    page: Number.isFinite(page) && page > 1 ? Math.min(page, 10_000) : 1,
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    status: isOrderStatusFilter(query.status) ? query.status : 'all',
  };
}

/** Whether the view narrows the history down (an empty answer then means "nothing matches"). */
export const isFiltered = (view: OrderHistoryView): boolean =>
  view.from !== undefined || view.to !== undefined || view.status !== 'all';

/** How many pages a history of `totalCount` orders has, at least one. */
export const historyPageCount = (totalCount: number, pageSize: number): number =>
  Math.max(1, Math.ceil(totalCount / pageSize));
