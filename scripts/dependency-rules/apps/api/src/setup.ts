import type { Order } from './order';

export interface Setup {
  order: Order;
}
