import type { Setup } from './setup';

export interface Order {
  setups: Setup[];
}
