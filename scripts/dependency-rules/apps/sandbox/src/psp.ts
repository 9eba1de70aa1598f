import type { Order } from '../../api/src/order';

export const isEmpty = (order: Order) => order.setups.length === 0;
