import { describe, expect, it } from 'vitest';
import { deliveryStep } from './text-message';

describe('message delivery statuses', () => {
  it('go forward from queued through sent to an end', () => {
    expect(deliveryStep('QUEUED')).toBeLessThan(deliveryStep('SENT'));
    expect(deliveryStep('SENT')).toBeLessThan(deliveryStep('DELIVERED'));
    expect(deliveryStep('UNDELIVERED')).toBe(deliveryStep('DELIVERED'));
    expect(deliveryStep('FAILED')).toBe(deliveryStep('DELIVERED'));
  });
});
