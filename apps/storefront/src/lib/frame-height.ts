/**
 * The frame-height protocol of the provider's embedded pages (docs/sandbox.md, "Frame height";
 * decision 0024): the page in the shop's payment frame posts
 * `{ type: 'psp:height', height }` to the shop whenever its document's height changes, and the
 * shop sizes the frame to it, so Approve, Decline and Cancel show without scrolling inside.
 *
 * The message is the provider's, not a call of our API, so it is checked here rather than by a
 * schema of the contract (decision 0018).
 */

/** The frame's height before a message arrives, and the bounds of any height a message sets. */
export const FRAME_HEIGHT = {
  /** `36rem` of `.payment-frame__frame`, for a page that says nothing. */
  initial: 576,
  min: 200,
  max: 2000,
  /** Changes this small are left alone, so rounding never makes the frame jump back and forth. */
  tolerance: 2,
} as const;

/** What the frame-height logic reads of a `message` event. */
export interface FrameMessage {
  source: unknown;
  origin: string;
  data: unknown;
}

/** The frame whose page may set its height: its window and the URL it was given. */
export interface FrameSource {
  window: unknown;
  url: string;
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** The height a `psp:height` message asks for, in whole pixels within the bounds; else undefined. */
export function requestedHeight(data: unknown): number | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { type, height } = data as { type?: unknown; height?: unknown };
  if (type !== 'psp:height' || typeof height !== 'number' || !Number.isFinite(height)) return undefined;
  return Math.min(FRAME_HEIGHT.max, Math.max(FRAME_HEIGHT.min, Math.ceil(height)));
}

/**
 * The height to give the frame after `message`, or undefined to leave it as it is (`current`,
 * undefined while it has the initial height). Only the frame's own window at the origin of its
 * URL is heard; any other window or origin, and any other message, changes nothing.
 */
export function nextFrameHeight(
  message: FrameMessage,
  frame: FrameSource,
  current: number | undefined,
): number | undefined {
  if (frame.window == null || message.source !== frame.window) return undefined;
  const origin = originOf(frame.url);
  if (origin === undefined || origin === 'null' || message.origin !== origin) return undefined;
  const height = requestedHeight(message.data);
  if (height === undefined) return undefined;
  const from = current ?? FRAME_HEIGHT.initial;
  return Math.abs(height - from) <= FRAME_HEIGHT.tolerance ? undefined : height;
}
