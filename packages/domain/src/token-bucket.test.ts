import { describe, expect, it } from 'vitest';
import { type Allowance, useBucket } from './token-bucket';

/** Uses at the given times (ms), each counted when allowed; the verdicts in order. */
function run(allowance: Allowance, times: readonly number[]): boolean[] {
  let state: number | undefined;
  return times.map((now) => {
    const verdict = useBucket(state, now, allowance);
    if (verdict.allowed) state = verdict.state;
    return verdict.allowed;
  });
}

describe('a limit as a bucket', () => {
  it('lets up to its ceiling through at once and refuses the rest of a burst', () => {
    const verdicts = run({ max: 7, windowMs: 60_000 }, Array(300).fill(1_000));
    expect(verdicts.filter(Boolean)).toHaveLength(7);
    expect(verdicts.slice(0, 7).every(Boolean)).toBe(true);
  });

  it('keeps letting a steady caller through at the ceiling per window, never more', () => {
    // 150 a minute for ten minutes against a ceiling of 150 a minute: all pass.
    const steady = Array.from({ length: 1_500 }, (_, i) => i * 400);
    expect(run({ max: 150, windowMs: 60_000 }, steady).every(Boolean)).toBe(true);
    // Twice that rate: half pass, whatever the window's edges.
    const double = Array.from({ length: 3_000 }, (_, i) => i * 200);
    const passed = run({ max: 150, windowMs: 60_000 }, double).filter(Boolean).length;
    expect(passed).toBeGreaterThanOrEqual(1_500);
    expect(passed).toBeLessThanOrEqual(1_650);
  });

  it('has no window edge to burst across', () => {
    // A fixed window of 100 a minute lets 200 through around its edge; the bucket lets 100 and a few.
    const aroundEdge = [...Array(100).fill(59_000), ...Array(100).fill(61_000)];
    expect(run({ max: 100, windowMs: 60_000 }, aroundEdge).filter(Boolean).length).toBeLessThanOrEqual(104);
  });

  it('says how long until the next use fits', () => {
    const allowance = { max: 2, windowMs: 10_000 };
    const first = useBucket(undefined, 0, allowance);
    const second = first.allowed ? useBucket(first.state, 0, allowance) : first;
    const third = second.allowed ? useBucket(second.state, 1_000, allowance) : second;
    expect(third).toEqual({ allowed: false, retryAfterMs: 4_000 });
    if (!second.allowed) throw new Error('the second use fits');
    expect(useBucket(second.state, 5_000, allowance).allowed).toBe(true);
  });
});
