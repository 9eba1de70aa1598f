import { orderStatusGroup } from '@shop/domain';
import type { OrderHistoryEntry } from '@shop/domain/contract';

/** A sign beside each status group's name, so that the groups differ by more than their words. */
const SIGNS = { completed: '✓', pending: '…', failed: '✕', refunded: '↺' } as const;

/** An order's status group as a badge: its sign (not read out) and its name. */
export function OrderStatusBadge({
  order,
  label,
}: {
  order: Pick<OrderHistoryEntry, 'orderStatus'>;
  label: string;
}) {
  const group = orderStatusGroup(order.orderStatus) ?? 'pending';
  return (
    <span className={`order-status order-status--${group}`} data-testid="order-status" data-group={group}>
      <span aria-hidden="true">{SIGNS[group]}</span> {label}
    </span>
  );
}
