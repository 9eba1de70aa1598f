import { describe, expect, it } from 'vitest';
import { deliveryStep, isFinalDeliveryStatus } from './text-message';

describe('message delivery statuses', () => {
  it('go forward from queued through sent to an end', () => {
    expect(deliveryStep('QUEUED')).toBeLessThan(deliveryStep('SENT'));
    expect(deliveryStep('SENT')).toBeLessThan(deliveryStep('DELIVERED'));
    expect(deliveryStep('UNDELIVERED')).toBe(deliveryStep('DELIVERED'));
  });

  it('end in delivered, undelivered or failed', () => {
    expect(
      ['QUEUED', 'SENT', 'DELIVERED', 'UNDELIVERED', 'FAILED'].filter((status) =>
        isFinalDeliveryStatus(status as 'QUEUED'),
      ),
    ).toEqual(['DELIVERED', 'UNDELIVERED', 'FAILED']);
  });
});
