import { describe, expect, it } from 'vitest';
import { FRAME_HEIGHT, type FrameMessage, nextFrameHeight, requestedHeight } from './frame-height';

const frameWindow = { name: 'the payment frame' };
const frame = { window: frameWindow, url: 'http://localhost:4100/psp/pay/pay_1?embedded=1' };
const fromFrame = (data: unknown, overrides: Partial<FrameMessage> = {}): FrameMessage => ({
  source: frameWindow,
  origin: 'http://localhost:4100',
  data,
  ...overrides,
});
const height = (value: unknown) => ({ type: 'psp:height', height: value });

describe('nextFrameHeight', () => {
  it('takes the height the frame’s page reports', () => {
    expect(nextFrameHeight(fromFrame(height(693)), frame, undefined)).toBe(693);
    expect(nextFrameHeight(fromFrame(height(540)), frame, 693)).toBe(540);
  });

  it('hears no other window, even at the frame’s origin', () => {
    for (const source of [{ name: 'another frame' }, { name: 'the shop itself' }, null, undefined]) {
      expect(nextFrameHeight(fromFrame(height(693), { source }), frame, undefined)).toBeUndefined();
    }
  });

  it('hears no other origin, even from the frame’s window', () => {
    for (const origin of [
      'http://localhost:4101',
      'https://localhost:4100',
      'http://evil.test',
      'null',
      '',
    ]) {
      expect(nextFrameHeight(fromFrame(height(693), { origin }), frame, 700)).toBeUndefined();
    }
  });

  it('hears nothing before the frame has a window', () => {
    expect(
      nextFrameHeight(fromFrame(height(693), { source: null }), { ...frame, window: null }, undefined),
    ).toBeUndefined();
  });

  it('ignores changes of up to two pixels, from the initial height too', () => {
    expect(nextFrameHeight(fromFrame(height(695)), frame, 693)).toBeUndefined();
    expect(nextFrameHeight(fromFrame(height(691)), frame, 693)).toBeUndefined();
    expect(nextFrameHeight(fromFrame(height(696)), frame, 693)).toBe(696);
    expect(nextFrameHeight(fromFrame(height(FRAME_HEIGHT.initial + 2)), frame, undefined)).toBeUndefined();
    expect(nextFrameHeight(fromFrame(height(FRAME_HEIGHT.initial + 3)), frame, undefined)).toBe(
      FRAME_HEIGHT.initial + 3,
    );
  });

  it('ignores messages of any other shape', () => {
    for (const data of [
      undefined,
      null,
      693,
      '{"type":"psp:height","height":693}',
      { type: 'psp:width', height: 693 },
      { height: 693 },
      height('693'),
      height(Number.NaN),
      height(Number.POSITIVE_INFINITY),
      height(undefined),
    ]) {
      expect(nextFrameHeight(fromFrame(data), frame, 700), JSON.stringify(data)).toBeUndefined();
    }
  });
});

describe('requestedHeight', () => {
  it('rounds up to whole pixels and keeps within the bounds', () => {
    expect(requestedHeight(height(693.2))).toBe(694);
    expect(requestedHeight(height(12))).toBe(FRAME_HEIGHT.min);
    expect(requestedHeight(height(-5))).toBe(FRAME_HEIGHT.min);
    expect(requestedHeight(height(100_000))).toBe(FRAME_HEIGHT.max);
  });
});
