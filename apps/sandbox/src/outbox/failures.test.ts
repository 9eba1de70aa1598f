import { describe, expect, it } from 'vitest';
import { GatewayFailures } from './failures';

describe('GatewayFailures', () => {
  it('refuses the next count messages to a number, then none', () => {
    const failures = new GatewayFailures();
    failures.set('4917012345678', 2);
    expect([1, 2, 3].map(() => failures.refuses('4917012345678'))).toEqual(['for now', 'for now', undefined]);
    expect(failures.remaining('4917012345678')).toBe(0);
  });

  it('keeps each number apart, and a new count replaces the old one', () => {
    const failures = new GatewayFailures();
    failures.set('4917012345678', 5);
    expect(failures.refuses('4915112345678')).toBeUndefined();
    failures.set('4917012345678', 1);
    expect(failures.remaining('4917012345678')).toBe(1);
    failures.set('4917012345678', 0);
    expect(failures.refuses('4917012345678')).toBeUndefined();
  });

  it('refuses for good when asked to', () => {
    const failures = new GatewayFailures();
    failures.set('4917012345678', 2, 'for good');
    expect([1, 2, 3].map(() => failures.refuses('4917012345678'))).toEqual([
      'for good',
      'for good',
      undefined,
    ]);
  });
});
