import { describe, expect, it } from 'vitest';
import {
  FRAUDNET_SESSION_ID_PATTERN,
  fraudSignalsKeptSince,
  isDeviceId,
  newFraudnetSessionId,
} from './fraud-signals';

describe('device ids', () => {
  it.each([
    'dev_0123456789abcdef0123456789abcdef',
    '3F2504E0-4F89-11D3-9A0C-0305E82C3301',
    'android:8f1c2d3e4b5a6978',
    'a.b_c-d:e',
    'x'.repeat(128),
  ])('takes %s', (id) => {
    expect(isDeviceId(id)).toBe(true);
  });

  it.each(['', 'short', 'x'.repeat(129), 'has space1', '<script>x', 'dev"quote"', 'dévice-id', 42, null])(
    'refuses %j',
    (id) => {
      expect(isDeviceId(id)).toBe(false);
    },
  );
});

describe('FraudNet session ids', () => {
  it('are 32 hex digits, new for every checkout', () => {
    const first = newFraudnetSessionId();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(FRAUDNET_SESSION_ID_PATTERN.test(first)).toBe(true);
    expect(newFraudnetSessionId()).not.toBe(first);
    expect(newFraudnetSessionId((bytes) => bytes.fill(10))).toBe('0a'.repeat(16));
  });
});

describe('keeping fraud signals', () => {
  it('keeps them 180 days, past the card schemes’ 120 days for a chargeback and PayPal’s 180 for a dispute', () => {
    expect(fraudSignalsKeptSince(new Date('2025-07-01T12:00:00Z'))).toEqual(new Date('2025-01-02T12:00:00Z'));
  });
});
