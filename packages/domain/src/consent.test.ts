import { describe, expect, it } from 'vitest';
import { DEFAULT_CONSENT, parseConsent, serializeConsent } from './consent';

describe('cookie consent', () => {
  it('reads back what it wrote', () => {
    for (const statistics of [true, false]) {
      expect(parseConsent(serializeConsent({ necessary: true, statistics }))).toEqual({
        necessary: true,
        statistics,
      });
    }
  });

  it('knows no choice in a missing or foreign value, so the shopper is asked', () => {
    for (const value of [undefined, '', 'yes', 'necessary:1|statistics:2', 'necessary:0,statistics:1']) {
      expect(parseConsent(value)).toBeUndefined();
    }
  });

  it('has statistics off until the shopper says yes', () => {
    expect(DEFAULT_CONSENT).toEqual({ necessary: true, statistics: false });
  });
});
