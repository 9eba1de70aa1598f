/**
 * A limit as a bucket of `max` uses that refills evenly over `windowMs`: up to `max` at once, then
 * one every `windowMs / max`. A busy but steady caller (a carrier's address with many shoppers
 * behind it) keeps getting through at that rate; a burst past `max` is refused at once.
 */
export interface Allowance {
  max: number;
  windowMs: number;
}

/** One more use, asked at `now`: allowed with the bucket's new state, or how long until it would be. */
export type BucketVerdict = { allowed: true; state: number } | { allowed: false; retryAfterMs: number };

/** Floating-point slack: `max` uses at one instant must all fit however `windowMs / max` rounds. */
const SLACK_MS = 1e-6;

/**
 * The generic cell rate algorithm: the bucket is one number, the time at which it would be full
 * again (`state`, in ms; absent or past means full). Each use moves it on by one interval; a use
 * is refused when that would put it more than a window ahead of now.
 */
export function useBucket(
  state: number | undefined,
  now: number,
  { max, windowMs }: Allowance,
): BucketVerdict {
  const next = Math.max(state ?? now, now) + windowMs / max;
  const ahead = next - now;
  return ahead <= windowMs + SLACK_MS
    ? { allowed: true, state: next }
    : { allowed: false, retryAfterMs: ahead - windowMs };
}
