import type { Order } from '../../api/src/order';

export const orderCount = (orders: Order[]) => orders.length;
